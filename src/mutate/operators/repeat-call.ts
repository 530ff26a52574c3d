import { changed, invocationsOf } from '../plain-trace.js';
import type { MutationOperator } from '../types.js';

/** The agent calls a tool again with the very same arguments. */
export const repeatCall: MutationOperator = {
  id: 'repeat-call',
  description: 'the first successful tool call repeated, with identical arguments, right after itself',
  mutate({ evalCase, trace }) {
    const invocations = invocationsOf(trace);
    const index = invocations.findIndex(
      (invocation) => invocation['evidenceStatus'] !== 'failed' && typeof invocation['errorMessage'] !== 'string',
    );
    if (index < 0) return [];
    const tool = String(invocations[index]?.['toolName']);
    return [
      {
        label: tool,
        document: changed(trace, (copy) => {
          const copied = invocationsOf(copy);
          copied.splice(index + 1, 0, structuredClone(copied[index] as Record<string, unknown>));
          copy.toolInvocations = copied;
          if (typeof copy['toolCallCount'] === 'number') copy['toolCallCount'] += 1;
        }),
        suggestion: `case \`${evalCase.id}\` does not notice a repeated identical \`${tool}\` call: keep no-redundant-tool-calls at severity error`,
      },
    ];
  },
};
