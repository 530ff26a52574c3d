import { againstBudget, plural, skip } from './support.js';
import type { CheckDefinition } from './types.js';

/** Tokens are the other half of a run's cost: a change that doubles them can keep every answer right. */
export const tokenBudgetCheck: CheckDefinition = {
  id: 'token-budget',
  order: 250,
  spec: ['S42'],
  description: 'The tokens the run used (usage.inputTokens + usage.outputTokens) do not exceed budget.maxTokens.',
  failsWhen: 'tokens (`usage.inputTokens + usage.outputTokens`) > `budget.maxTokens`',
  skippedWhen: 'no such budget, or the trace records no `usage`',
  inputs: ['budget.maxTokens'],
  messages: {
    within: '{{tokens}} ({{input}} in + {{output}} out), within the budget of {{budget}}',
    over: '{{tokens}} ({{input}} in + {{output}} out) exceed the budget of {{budget}} (budget.maxTokens) by {{excess}}',
    noBudget: 'the case has no token budget (budget.maxTokens)',
    noUsage: 'the trace records no token usage (usage)',
  },
  run({ evalCase, trace }) {
    const budget = evalCase.budget.maxTokens;
    if (typeof budget !== 'number') return skip('noBudget');
    if (trace.usage === undefined) return skip('noUsage');
    const { inputTokens: input, outputTokens: output } = trace.usage;
    const total = input + output;
    return againstBudget(total, budget, { tokens: plural(total, 'token'), input, output, budget });
  },
};
