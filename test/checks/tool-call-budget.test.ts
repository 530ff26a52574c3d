import { describe } from 'vitest';

import { toolCallBudgetCheck } from '../../src/checks/tool-call-budget.js';
import { testCheck, toolCall } from './helpers.js';

const calls = (count: number) => Array.from({ length: count }, (_, index) => toolCall(`tool${index}`));

describe('tool-call-budget', () => {
  testCheck(toolCallBudgetCheck, {
    valid: [
      {
        name: 'passes at exactly the budget',
        case: { budget: { maxToolCalls: 3 } },
        trace: { toolInvocations: calls(3) },
        message: '3 tool calls, within the budget of 3',
      },
      { name: 'passes with no tool call', case: { budget: { maxToolCalls: 0 } } },
    ],
    invalid: [
      {
        name: 'fails above the budget and says by how much',
        case: { budget: { maxToolCalls: 3 } },
        trace: { toolInvocations: calls(5) },
        message: '5 tool calls exceed the budget of 3 (budget.maxToolCalls) by 2',
        messageId: 'over',
        data: { calls: '5 tool calls', exceed: 'exceed', budget: 3, excess: 2 },
      },
      {
        name: 'fails a single call against a zero budget',
        case: { budget: { maxToolCalls: 0 } },
        trace: { toolInvocations: calls(1) },
        message: '1 tool call exceeds the budget of 0',
        messageId: 'over',
        data: { calls: '1 tool call', exceed: 'exceeds', budget: 0, excess: 1 },
      },
    ],
    skipped: [
      {
        name: 'skips without budget.maxToolCalls',
        case: { budget: { maxDurationMs: 1000 } },
        trace: { toolInvocations: calls(9) },
        message: 'no tool-call budget',
      },
    ],
  });
});
