import { requirementTools } from '../model/evidence-requirement.js';
import { collectToolEvidence } from './measures/evidence-coverage.js';
import { fail, messageList, pass, quote, quoteList, skip } from './support.js';
import type { CheckDefinition } from './types.js';

export const evidenceCoverageCheck: CheckDefinition = {
  id: 'evidence-coverage',
  order: 20,
  spec: ['S03'],
  description:
    'Every required evidence tool appears in toolInvocations or the verifier trace_summaries with an evidence status other than failed.',
  failsWhen: 'a required evidence tool (or every tool of a `{ any: [...] }` entry) is not covered',
  skippedWhen: 'no required tools',
  inputs: ['requiredEvidenceTools'],
  messages: {
    coveredOne: 'the required evidence tool {{tools}} is covered',
    coveredAll: 'all {{required}} required evidence tools covered: {{tools}}',
    notCovered: 'required evidence {{toolWord}} not covered: {{reasons}}; {{covered}} of {{required}} covered',
    onlyFailed: '{{tool}} (only with evidence status failed)',
    notFound: '{{tool}} (not in toolInvocations or trace_summaries)',
    noAlternativeFound: 'any of {{tools}} (none in toolInvocations or trace_summaries)',
    alternativesOnlyFailed: 'any of {{tools}} (only with evidence status failed)',
    noRequiredTools: 'the case requires no evidence tools',
  },
  run({ trace, evidenceCoverage: coverage }) {
    if (coverage.required.length === 0) return skip('noRequiredTools');
    if (coverage.missing.length === 0) {
      return coverage.required.length === 1
        ? pass('coveredOne', { tools: quoteList(coverage.covered) })
        : pass('coveredAll', { required: coverage.required.length, tools: quoteList(coverage.covered) });
    }
    const tools = collectToolEvidence(trace);
    const reasons = coverage.missing.map((required) => {
      const alternatives = requirementTools(required);
      if (alternatives.length > 1) {
        const called = alternatives.some((tool) => tools.has(tool));
        const messageId = called ? 'alternativesOnlyFailed' : 'noAlternativeFound';
        return { messageId, data: { tools: quoteList(alternatives) } };
      }
      return { messageId: tools.has(required) ? 'onlyFailed' : 'notFound', data: { tool: quote(required) } };
    });
    return fail('notCovered', {
      toolWord: coverage.missing.length === 1 ? 'tool' : 'tools',
      reasons: messageList(reasons, ', '),
      covered: coverage.covered.length,
      required: coverage.required.length,
    });
  },
};
