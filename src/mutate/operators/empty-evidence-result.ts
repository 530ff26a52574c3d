import { calledEvidenceTools, changed, invocationsOf } from '../plain-trace.js';
import type { MutationOperator } from '../types.js';

/** One tool's calls return nothing, yet are still counted as supported evidence. */
export const emptyEvidenceResult: MutationOperator = {
  id: 'empty-evidence-result',
  description:
    'every call of one tool returns an empty result ("[]"), its status unchanged, for each called tool that yielded evidence',
  mutate({ evalCase, trace }) {
    return calledEvidenceTools(trace).map((tool) => ({
      label: tool,
      document: changed(trace, (copy) => {
        for (const invocation of invocationsOf(copy))
          if (invocation['toolName'] === tool) invocation['resultSummary'] = '[]';
      }),
      suggestion: evalCase.requiredEvidenceTools.includes(tool)
        ? `case \`${evalCase.id}\` counts empty results of \`${tool}\` as evidence: keep the evidence-substance check at severity error`
        : `case \`${evalCase.id}\` does not notice when \`${tool}\` returns nothing: add it to requiredEvidenceTools`,
    }));
  },
};
