import { plural } from './support.js';
import type { CheckDefinition } from './types.js';

export const toolCallBudgetCheck: CheckDefinition = {
  id: 'tool-call-budget',
  order: 150,
  spec: [],
  description: 'The number of tool invocations does not exceed budget.maxToolCalls.',
  failsWhen: 'tool-call count > `budget.maxToolCalls`',
  skippedWhen: 'no such budget',
  scanByDefault: true,
  run({ evalCase, trace }) {
    const budget = evalCase.budget.maxToolCalls;
    if (typeof budget !== 'number') {
      return { outcome: 'skip', message: 'the case has no tool-call budget (budget.maxToolCalls)' };
    }
    const count = trace.toolInvocations.length;
    if (count > budget) {
      return {
        outcome: 'fail',
        message: `${plural(count, 'tool call')} ${count === 1 ? 'exceeds' : 'exceed'} the budget of ${budget} (budget.maxToolCalls) by ${count - budget}`,
      };
    }
    return { outcome: 'pass', message: `${plural(count, 'tool call')}, within the budget of ${budget}` };
  },
};
