import { plural } from './support.js';
import type { CheckDefinition } from './types.js';

/** Tokens are the other half of a run's cost: a change that doubles them can keep every answer right. */
export const tokenBudgetCheck: CheckDefinition = {
  id: 'token-budget',
  order: 250,
  spec: ['S42'],
  description: 'The tokens the run used (usage.inputTokens + usage.outputTokens) do not exceed budget.maxTokens.',
  failsWhen: 'tokens (`usage.inputTokens + usage.outputTokens`) > `budget.maxTokens`',
  skippedWhen: 'no such budget, or the trace records no `usage`',
  run({ evalCase, trace }) {
    const budget = evalCase.budget.maxTokens;
    if (typeof budget !== 'number') {
      return { outcome: 'skip', message: 'the case has no token budget (budget.maxTokens)' };
    }
    if (trace.usage === undefined) {
      return { outcome: 'skip', message: 'the trace records no token usage (usage)' };
    }
    const { inputTokens, outputTokens } = trace.usage;
    const tokens = inputTokens + outputTokens;
    const detail = `${inputTokens} in + ${outputTokens} out`;
    if (tokens > budget) {
      return {
        outcome: 'fail',
        message: `${plural(tokens, 'token')} (${detail}) exceed the budget of ${budget} (budget.maxTokens) by ${tokens - budget}`,
      };
    }
    return { outcome: 'pass', message: `${plural(tokens, 'token')} (${detail}), within the budget of ${budget}` };
  },
};
