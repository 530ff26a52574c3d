import { calledEvidenceTools, changed, invocationsOf } from '../plain-trace.js';
import type { MutationOperator } from '../types.js';

/** Every call of one tool errors, while the verifier's summary still claims it was supported. */
export const failEvidenceTool: MutationOperator = {
  id: 'fail-evidence-tool',
  description:
    'every call of one tool fails (status failed, an error message, no result), for each called tool that yielded evidence',
  mutate({ evalCase, trace }) {
    return calledEvidenceTools(trace).map((tool) => ({
      label: tool,
      document: changed(trace, (copy) => {
        for (const invocation of invocationsOf(copy)) {
          if (invocation['toolName'] !== tool) continue;
          invocation['evidenceStatus'] = 'failed';
          invocation['errorMessage'] = 'upstream request timed out';
          invocation['resultSummary'] = '';
        }
      }),
      suggestion: evalCase.requiredEvidenceTools.includes(tool)
        ? `case \`${evalCase.id}\` counts failed calls of \`${tool}\` as evidence: keep the evidence-substance check at severity error`
        : `case \`${evalCase.id}\` does not notice when every call of \`${tool}\` fails: add it to requiredEvidenceTools`,
    }));
  },
};
