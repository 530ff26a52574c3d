import { describe, expect, it } from 'vitest';

import { noRedundantToolCallsCheck } from '../../src/checks/no-redundant-tool-calls.js';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { evaluateRun } from '../../src/evaluate/evaluate.js';
import type { ToolInvocation } from '../../src/trace/types.js';
import { makeEvalCase } from '../helpers/eval-case.js';
import { buildTrace, toolCall } from '../helpers/trace-builder.js';
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

/** One repeat of a finding: toolInvocations[index] repeats [repeats], of `tool` as the message quotes it. */
const repeat = (index: number, repeats: number, tool: string, agent = '', args = 'an object') => ({
  messageId: 'repeat',
  data: { index, repeats, tool, agent, arguments: args },
});
/** The `redundant` finding: its count as written, the budget it is over, and its repeats. */
const redundant = (repeats: string, allowed: number, ...parts: ReturnType<typeof repeat>[]) => ({
  messageId: 'redundant',
  data: { repeats, allowed, calls: { parts, separator: '; ' } },
});

describe('no-redundant-tool-calls (S41, S70)', () => {
  testCheck(noRedundantToolCallsCheck, {
    valid: [
      {
        name: 'S70: two agents making the same probe are no repeat of each other',
        trace: {
          toolInvocations: [
            call('whether_is_abnormal_metric', { metric: 'cpu_usage' }, { agent: 'CpuExpert' }),
            call('whether_is_abnormal_metric', { metric: 'cpu_usage' }, { agent: 'WorkloadExpert' }),
          ],
        },
        message: 'no tool call repeats an earlier one (2 compared)',
      },
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
        name: 'S70: the same agent repeating its probe repeats it, named in the message',
        trace: {
          toolInvocations: [
            call('whether_is_abnormal_metric', { metric: 'cpu_usage' }, { agent: 'CpuExpert' }),
            call('whether_is_abnormal_metric', { metric: 'cpu_usage' }, { agent: 'WorkloadExpert' }),
            call('whether_is_abnormal_metric', { metric: 'cpu_usage' }, { agent: 'CpuExpert' }),
          ],
        },
        message: 'toolInvocations[2] repeats [0]: "whether_is_abnormal_metric" by "CpuExpert" with',
        ...redundant('1 redundant tool call', 0, repeat(2, 0, '"whether_is_abnormal_metric"', ' by "CpuExpert"')),
      },
      {
        name: 'S41: the same call twice',
        trace: { toolInvocations: [call('queryMetrics', metrics), call('queryMetrics', metrics)] },
        message: '1 redundant tool call (budget.maxRepeatedCalls 0): toolInvocations[1] repeats [0]: "queryMetrics"',
        ...redundant('1 redundant tool call', 0, repeat(1, 0, '"queryMetrics"')),
      },
      {
        name: 'S41: key order is ignored',
        trace: { toolInvocations: [call('queryMetrics', metrics), call('queryMetrics', reordered)] },
        message: 'repeats [0]',
        ...redundant('1 redundant tool call', 0, repeat(1, 0, '"queryMetrics"')),
      },
      {
        name: 'S41: arguments as JSON text in another key order',
        trace: {
          toolInvocations: [call('queryLogs', '{"q":"x","limit":10}'), call('queryLogs', '{"limit":10,"q":"x"}')],
        },
        message: '"queryLogs"',
        ...redundant('1 redundant tool call', 0, repeat(1, 0, '"queryLogs"', '', '"{\\"limit\\":10,\\"q\\":\\"x\\"}"')),
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
        ...redundant('2 redundant tool calls', 0, repeat(1, 0, '"searchRunbook"'), repeat(2, 1, '"searchRunbook"')),
      },
      {
        name: 'S41: over budget.maxRepeatedCalls',
        case: { budget: { maxRepeatedCalls: 1 } },
        trace: { toolInvocations: [call('a', {}), call('a', {}), call('a', {})] },
        message: '(budget.maxRepeatedCalls 1)',
        ...redundant('2 redundant tool calls', 1, repeat(1, 0, '"a"'), repeat(2, 1, '"a"')),
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
        ...redundant('1 redundant tool call', 0, repeat(2, 1, '"q"')),
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

describe('no-redundant-tool-calls is a cost signal (S70)', () => {
  it('S70 warns by default: a repeated call does not fail a case', () => {
    expect(noRedundantToolCallsCheck.defaultSeverity).toBe('warn');
    const evalCase = makeEvalCase();
    const document = buildTrace({ toolInvocations: [toolCall('queryMetrics'), toolCall('queryMetrics')] });
    const result = evaluateRun(
      evalCase,
      { kind: 'document', document, traceFixture: 'x.json', sessionId: null },
      DEFAULT_CONTRACT,
    );
    expect(result.status).toBe('passed');
    expect(result.warnedChecks?.map((row) => row.check)).toEqual(['no-redundant-tool-calls']);
    expect(result.repeatedCalls).toBe(1);
  });

  it('S70 an agent name in a trace (agent or agentName) is read onto the invocation', () => {
    const evalCase = makeEvalCase();
    const document = buildTrace({
      toolInvocations: [
        { ...toolCall('queryMetrics'), agent: 'CpuExpert' },
        { ...toolCall('queryMetrics'), agentName: 'MemoryExpert' },
      ],
    });
    const result = evaluateRun(
      evalCase,
      { kind: 'document', document, traceFixture: 'x.json', sessionId: null },
      DEFAULT_CONTRACT,
    );
    expect(result.warnedChecks ?? []).toEqual([]);
    expect(result.repeatedCalls).toBe(0);
  });
});
