import { describe } from 'vitest';

import { tokenBudgetCheck } from '../../src/checks/token-budget.js';
import { testCheck } from './helpers.js';

const budget = { budget: { maxTokens: 5_000 } };

describe('token-budget (S42)', () => {
  testCheck(tokenBudgetCheck, {
    valid: [
      {
        name: 'S42 passes at exactly the budget, input and output summed',
        case: budget,
        trace: { usage: { inputTokens: 4_000, outputTokens: 1_000 } },
        message: '5000 tokens (4000 in + 1000 out), within the budget of 5000',
      },
      {
        name: 'S42 passes a run that used no tokens',
        case: budget,
        trace: { usage: { inputTokens: 0, outputTokens: 0 } },
      },
      {
        name: 'S42 passes under a zero budget only with zero tokens',
        case: { budget: { maxTokens: 0 } },
        trace: { usage: { inputTokens: 0, outputTokens: 0 } },
      },
    ],
    invalid: [
      {
        name: 'S42 fails above the budget and says by how much',
        case: budget,
        trace: { usage: { inputTokens: 4_000, outputTokens: 1_001 } },
        message: '5001 tokens (4000 in + 1001 out) exceed the budget of 5000 (budget.maxTokens) by 1',
        messageId: 'over',
        data: { tokens: '5001 tokens', input: 4000, output: 1001, budget: 5000, excess: 1 },
      },
      {
        name: 'S42 output tokens count as much as input tokens',
        case: budget,
        trace: { usage: { inputTokens: 0, outputTokens: 6_000 } },
        message: 'exceed the budget of 5000',
        messageId: 'over',
        data: { tokens: '6000 tokens', input: 0, output: 6000, budget: 5000, excess: 1000 },
      },
    ],
    skipped: [
      {
        name: 'S42 skips without budget.maxTokens',
        case: { budget: { maxToolCalls: 3 } },
        trace: { usage: { inputTokens: 999_999, outputTokens: 1 } },
        message: 'no token budget',
      },
      { name: 'S42 skips a trace that records no usage', case: budget, trace: {}, message: 'records no token usage' },
    ],
  });
});
