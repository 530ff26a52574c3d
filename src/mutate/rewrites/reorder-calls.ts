import { calledTools, changed, invocationsOf } from '../plain-trace.js';
import type { PreservingRewrite } from '../types.js';

/**
 * Calls of different tools are independent: the tools taken in reverse order of their first
 * call, each tool's own calls kept in their order (a retry stays after the call it retries).
 */
export const reorderCalls: PreservingRewrite = {
  id: 'reorder-calls',
  description: 'the calls of different tools reordered (tools reversed, each tool keeping the order of its own calls)',
  rewrite({ trace }) {
    const reversed = calledTools(trace).reverse();
    if (reversed.length < 2) return [];
    return [
      {
        label: reversed.join(', '),
        document: changed(trace, (copy) => {
          const invocations = invocationsOf(copy);
          copy.toolInvocations = reversed.flatMap((tool) =>
            invocations.filter((invocation) => invocation['toolName'] === tool),
          );
        }),
      },
    ];
  },
};
