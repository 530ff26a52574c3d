import { describe } from 'vitest';

import { noRedundantToolCallsCheck } from '../../src/checks/no-redundant-tool-calls.js';
import type { ToolInvocation } from '../../src/trace/types.js';
import { testCheck } from './helpers.js';

const call = (toolName: string, args: unknown, fields: Partial<ToolInvocation> = {}): ToolInvocation => ({
  toolName,
  evidenceStatus: 'supported',
  durationMs: 1,
  arguments: args,
  resultSummary: 'ok',
  ...fields,
});
const metrics = { service: 'payment', metric: 'hikaricp_connections', range: { from: '14:00', to: '14:30' } };
const reordered = { range: { to: '14:30', from: '14:00' }, metric: 'hikaricp_connections', service: 'payment' };

describe('no-redundant-tool-calls (S41)', () => {
  testCheck(noRedundantToolCallsCheck, {
    valid: [
      {
        name: 'S41: different arguments',
        trace: {
          toolInvocations: [call('queryMetrics', metrics), call('queryMetrics', { ...metrics, metric: 'cpu' })],
        },
        message: 'no tool call repeats an earlier one (2 compared)',
      },
      {
        name: 'S41: same arguments, different tools',
        trace: { toolInvocations: [call('queryMetrics', metrics), call('queryLogs', metrics)] },
      },
      {
        name: 'S41: a retry after a failed call',
        trace: {
          toolInvocations: [call('queryLogs', { q: 'x' }, { evidenceStatus: 'failed' }), call('queryLogs', { q: 'x' })],
        },
      },
      {
        name: 'S41: a retry after an error message',
        trace: {
          toolInvocations: [call('queryLogs', { q: 'x' }, { errorMessage: '429' }), call('queryLogs', { q: 'x' })],
        },
      },
      {
        name: 'S41: a repeat marked deduped',
        trace: {
          toolInvocations: [
            call('searchRunbook', { q: '连接池' }),
            call('searchRunbook', { q: '连接池' }, { evidenceStatus: 'deduped' }),
          ],
        },
      },
      {
        name: 'S41: a repeat within budget.maxRepeatedCalls',
        case: { budget: { maxRepeatedCalls: 1 } },
        trace: { toolInvocations: [call('queryMetrics', metrics), call('queryMetrics', reordered)] },
        message: '1 repeated call, within budget.maxRepeatedCalls 1',
      },
      {
        name: 'S41: list order matters',
        trace: {
          toolInvocations: [call('queryMetrics', { names: ['a', 'b'] }), call('queryMetrics', { names: ['b', 'a'] })],
        },
      },
    ],
    invalid: [
      {
        name: 'S41: the same call twice',
        trace: { toolInvocations: [call('queryMetrics', metrics), call('queryMetrics', metrics)] },
        message: '1 redundant tool call (budget.maxRepeatedCalls 0): toolInvocations[1] repeats [0]: "queryMetrics"',
      },
      {
        name: 'S41: key order is ignored',
        trace: { toolInvocations: [call('queryMetrics', metrics), call('queryMetrics', reordered)] },
        message: 'repeats [0]',
      },
      {
        name: 'S41: arguments as JSON text in another key order',
        trace: {
          toolInvocations: [call('queryLogs', '{"q":"x","limit":10}'), call('queryLogs', '{"limit":10,"q":"x"}')],
        },
        message: '"queryLogs"',
      },
      {
        name: 'S41 ZH: 同样的中文查询反复调用',
        trace: {
          toolInvocations: [
            call('searchRunbook', { q: '连接池耗尽' }),
            call('searchRunbook', { q: '连接池耗尽' }),
            call('searchRunbook', { q: '连接池耗尽' }),
          ],
        },
        message: '2 redundant tool calls',
      },
      {
        name: 'S41: over budget.maxRepeatedCalls',
        case: { budget: { maxRepeatedCalls: 1 } },
        trace: { toolInvocations: [call('a', {}), call('a', {}), call('a', {})] },
        message: '(budget.maxRepeatedCalls 1)',
      },
      {
        name: 'S41: a repeat after a successful retry',
        trace: {
          toolInvocations: [
            call('q', { x: 1 }, { evidenceStatus: 'failed' }),
            call('q', { x: 1 }),
            call('q', { x: 1 }),
          ],
        },
        message: 'toolInvocations[2] repeats [1]',
      },
    ],
    skipped: [
      {
        name: 'S41: skipped when no call records arguments',
        trace: {
          toolInvocations: [
            { toolName: 'a', evidenceStatus: null, durationMs: 1 },
            { toolName: 'a', evidenceStatus: null, durationMs: 1 },
          ],
        },
        message: 'fewer than two',
      },
    ],
  });
});
