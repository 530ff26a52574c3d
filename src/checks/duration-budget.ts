import { againstBudget, skip } from './support.js';
import type { CheckDefinition } from './types.js';

export const durationBudgetCheck: CheckDefinition = {
  id: 'duration-budget',
  order: 160,
  spec: [],
  description: 'The trace duration does not exceed budget.maxDurationMs.',
  failsWhen: 'duration > `budget.maxDurationMs`',
  skippedWhen: 'no such budget, or no duration',
  scanByDefault: true,
  inputs: ['budget.maxDurationMs'],
  messages: {
    within: 'duration {{duration}} ms, within the budget of {{budget}} ms',
    over: 'duration {{duration}} ms exceeds the budget of {{budget}} ms (budget.maxDurationMs) by {{excess}} ms',
    noBudget: 'the case has no duration budget (budget.maxDurationMs)',
    noDuration: 'the trace records no duration (durationMs)',
  },
  run({ evalCase, trace }) {
    const budget = evalCase.budget.maxDurationMs;
    if (typeof budget !== 'number') return skip('noBudget');
    const duration = trace.durationMs;
    if (duration === null) return skip('noDuration');
    return againstBudget(duration, budget, { duration, budget });
  },
};
