import { againstBudget, plural, skip } from './support.js';
import type { CheckDefinition } from './types.js';

export const toolCallBudgetCheck: CheckDefinition = {
  id: 'tool-call-budget',
  order: 150,
  spec: [],
  description: 'The number of tool invocations does not exceed budget.maxToolCalls.',
  failsWhen: 'tool-call count > `budget.maxToolCalls`',
  skippedWhen: 'no such budget',
  scanByDefault: true,
  inputs: ['budget.maxToolCalls'],
  messages: {
    within: '{{calls}}, within the budget of {{budget}}',
    over: '{{calls}} {{exceed}} the budget of {{budget}} (budget.maxToolCalls) by {{excess}}',
    noBudget: 'the case has no tool-call budget (budget.maxToolCalls)',
  },
  run({ evalCase, trace }) {
    const budget = evalCase.budget.maxToolCalls;
    if (typeof budget !== 'number') return skip('noBudget');
    const count = trace.toolInvocations.length;
    const calls = plural(count, 'tool call');
    const exceed = count === 1 ? 'exceeds' : 'exceed';
    return againstBudget(count, budget, { calls, budget }, { calls, exceed, budget });
  },
};
