import { changed, evidenceTools, invocationsOf, verifierOf } from '../plain-trace.js';
import type { MutationOperator } from '../types.js';

/** The agent skips a tool: its calls and the verifier's summary of them are gone. */
export const dropEvidenceTool: MutationOperator = {
  id: 'drop-evidence-tool',
  description: 'every call of one tool (and its verifier summary) removed, for each tool that yielded evidence',
  mutate({ evalCase, trace }) {
    return evidenceTools(trace).map((tool) => ({
      label: tool,
      document: changed(trace, (copy) => {
        copy.toolInvocations = invocationsOf(copy).filter((invocation) => invocation['toolName'] !== tool);
        const verifier = verifierOf(copy);
        const summaries = verifier?.['trace_summaries'];
        if (verifier !== null && Array.isArray(summaries))
          verifier['trace_summaries'] = summaries.filter((summary) => summary?.['tool_name'] !== tool);
      }),
      suggestion: `case \`${evalCase.id}\` does not notice when \`${tool}\` is never called: add it to requiredEvidenceTools`,
    }));
  },
};
