import { requirementTools } from '../model/evidence-requirement.js';
import { collectToolEvidence } from './measures/evidence-coverage.js';
import { quote, quoteList } from './support.js';
import type { CheckDefinition } from './types.js';

export const evidenceCoverageCheck: CheckDefinition = {
  id: 'evidence-coverage',
  order: 20,
  spec: ['S03'],
  description:
    'Every required evidence tool appears in toolInvocations or the verifier trace_summaries with an evidence status other than failed.',
  failsWhen: 'a required evidence tool (or every tool of a `{ any: [...] }` entry) is not covered',
  skippedWhen: 'no required tools',
  run({ trace, evidenceCoverage: coverage }) {
    if (coverage.required.length === 0) {
      return { outcome: 'skip', message: 'the case requires no evidence tools' };
    }
    if (coverage.missing.length === 0) {
      return {
        outcome: 'pass',
        message:
          coverage.required.length === 1
            ? `the required evidence tool ${quoteList(coverage.covered)} is covered`
            : `all ${coverage.required.length} required evidence tools covered: ${quoteList(coverage.covered)}`,
      };
    }
    const tools = collectToolEvidence(trace);
    const reasons = coverage.missing.map((required) => {
      const alternatives = requirementTools(required);
      if (alternatives.length > 1) {
        const named = `any of ${quoteList(alternatives)}`;
        return alternatives.some((tool) => tools.has(tool))
          ? `${named} (only with evidence status failed)`
          : `${named} (none in toolInvocations or trace_summaries)`;
      }
      return tools.has(required)
        ? `${quote(required)} (only with evidence status failed)`
        : `${quote(required)} (not in toolInvocations or trace_summaries)`;
    });
    return {
      outcome: 'fail',
      message:
        `required evidence ${coverage.missing.length === 1 ? 'tool' : 'tools'} not covered: ${reasons.join(', ')}; ` +
        `${coverage.covered.length} of ${coverage.required.length} covered`,
    };
  },
};
