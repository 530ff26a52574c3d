import { isRecord } from '../../io/validation/is-record.js';
import { changed, invocationsOf } from '../plain-trace.js';
import type { MutationOperator } from '../types.js';

/** The agent makes twice the calls: each call followed by a second page of the same query. */
export const doubleToolCalls: MutationOperator = {
  id: 'double-tool-calls',
  description: 'every tool call followed by another call of the same tool (a second page), doubling the calls',
  mutate({ evalCase, trace }) {
    const invocations = invocationsOf(trace);
    if (invocations.length === 0) return [];
    return [
      {
        label: `${invocations.length} → ${invocations.length * 2} calls`,
        document: changed(trace, (copy) => {
          copy.toolInvocations = invocationsOf(copy).flatMap((invocation) => [
            invocation,
            { ...invocation, arguments: secondPage(invocation['arguments']) },
          ]);
          if (typeof copy['toolCallCount'] === 'number') copy['toolCallCount'] = copy['toolCallCount'] * 2;
        }),
        suggestion: `case \`${evalCase.id}\` does not notice ${invocations.length * 2} tool calls instead of ${invocations.length}: set budget.maxToolCalls (e.g. ${invocations.length + 2})`,
      },
    ];
  },
};

/** Different arguments, so the extra call is more work rather than a repeat. */
function secondPage(argumentsValue: unknown): unknown {
  if (isRecord(argumentsValue)) return { ...argumentsValue, page: 2 };
  return { query: argumentsValue ?? null, page: 2 };
}
