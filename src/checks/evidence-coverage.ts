import { collectToolEvidence } from './measures/evidence-coverage.js';
import { quote, quoteList } from './support.js';
import type { CheckDefinition } from './types.js';

export const evidenceCoverageCheck: CheckDefinition = {
  id: 'evidence-coverage',
  order: 20,
  spec: ['S03'],
  description:
    'Every required evidence tool appears in toolInvocations or the verifier trace_summaries with an evidence status other than failed.',
  failsWhen: 'a required evidence tool is not covered',
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
    const reasons = coverage.missing.map((tool) =>
      tools.has(tool)
        ? `${quote(tool)} (only with evidence status failed)`
        : `${quote(tool)} (not in toolInvocations or trace_summaries)`,
    );
    return {
      outcome: 'fail',
      message:
        `required evidence ${coverage.missing.length === 1 ? 'tool' : 'tools'} not covered: ${reasons.join(', ')}; ` +
        `${coverage.covered.length} of ${coverage.required.length} covered`,
    };
  },
};
