import { describe } from 'vitest';

import { durationBudgetCheck } from '../../src/checks/duration-budget.js';
import { testCheck } from './helpers.js';

const budget = { budget: { maxDurationMs: 60_000 } };

describe('duration-budget', () => {
  testCheck(durationBudgetCheck, {
    valid: [
      {
        name: 'passes at exactly the budget',
        case: budget,
        trace: { durationMs: 60_000 },
        message: 'duration 60000 ms, within the budget of 60000 ms',
      },
      { name: 'passes a fractional duration under the budget', case: budget, trace: { durationMs: 18_423.5 } },
    ],
    invalid: [
      {
        name: 'fails above the budget and says by how much',
        case: budget,
        trace: { durationMs: 61_500 },
        message: 'duration 61500 ms exceeds the budget of 60000 ms (budget.maxDurationMs) by 1500 ms',
        messageId: 'over',
        data: { duration: 61500, budget: 60000, excess: 1500 },
      },
    ],
    skipped: [
      {
        name: 'skips without budget.maxDurationMs',
        case: { budget: { maxToolCalls: 3 } },
        trace: { durationMs: 999_999 },
        message: 'no duration budget',
      },
      { name: 'skips a trace without duration', case: budget, trace: { durationMs: null }, message: 'no duration' },
    ],
  });
});
