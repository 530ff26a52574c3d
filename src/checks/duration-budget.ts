import type { CheckDefinition } from './types.js';

export const durationBudgetCheck: CheckDefinition = {
  id: 'duration-budget',
  order: 160,
  spec: [],
  description: 'The trace duration does not exceed budget.maxDurationMs.',
  failsWhen: 'duration > `budget.maxDurationMs`',
  skippedWhen: 'no such budget, or no duration',
  scanByDefault: true,
  run({ evalCase, trace }) {
    const budget = evalCase.budget.maxDurationMs;
    if (typeof budget !== 'number') {
      return { outcome: 'skip', message: 'the case has no duration budget (budget.maxDurationMs)' };
    }
    const duration = trace.durationMs;
    if (duration === null) {
      return { outcome: 'skip', message: 'the trace records no duration (durationMs)' };
    }
    if (duration > budget) {
      return {
        outcome: 'fail',
        message: `duration ${duration} ms exceeds the budget of ${budget} ms (budget.maxDurationMs) by ${duration - budget} ms`,
      };
    }
    return { outcome: 'pass', message: `duration ${duration} ms, within the budget of ${budget} ms` };
  },
};
