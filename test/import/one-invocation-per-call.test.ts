import { describe, expect, it } from 'vitest';
import { importTraces } from '../../src/import/import-traces.js';
import { toTraceDocument } from '../../src/import/map/to-trace.js';
import { createAttributes, type ImportedSpan } from '../../src/import/read/span.js';
import { FIXTURES } from './helpers.js';

async function documentOf(name: string) {
  const { traces, skipped } = await importTraces([name], 'auto', FIXTURES);
  expect(skipped).toEqual([]);
  expect(traces).toHaveLength(1);
  return traces[0]?.document;
}

function span(spanId: string, startMs: number, attributes: Record<string, unknown>): ImportedSpan {
  return {
    traceId: 'cd'.repeat(16),
    spanId,
    parentSpanId: spanId === 'root' ? null : 'root',
    name: spanId,
    kind: 'internal',
    startNs: BigInt(startMs) * 1_000_000n,
    endNs: BigInt(startMs + 10) * 1_000_000n,
    status: { code: 'unset', message: null },
    attributes: Object.assign(createAttributes(), attributes),
    events: [],
    resource: createAttributes(),
  };
}

const asked = (id: string | null, name: string, args: string) => ({
  'gen_ai.operation.name': 'chat',
  'gen_ai.output.messages': JSON.stringify([
    { role: 'assistant', parts: [{ type: 'tool_call', ...(id === null ? {} : { id }), name, arguments: args }] },
  ]),
});
const ran = (name: string, args: string, id?: string) => ({
  'gen_ai.operation.name': 'execute_tool',
  'gen_ai.tool.name': name,
  'gen_ai.tool.call.arguments': args,
  'gen_ai.tool.call.result': `${name} done`,
  ...(id === undefined ? {} : { 'gen_ai.tool.call.id': id }),
});

function invocations(spans: ImportedSpan[]) {
  return toTraceDocument({
    traceId: 'cd'.repeat(16),
    spans: [span('root', 0, { 'gen_ai.operation.name': 'invoke_agent' }), ...spans],
  }).toolInvocations?.map((tool) => [tool.toolName, tool.callId, tool.durationMs, tool.resultSummary]);
}

describe('one invocation per tool call (S72)', () => {
  it("S72 OpenAI Agents SDK (OpenInference): the requested call and its tool span, which has no call id, are one invocation with the span's timing and result", async () => {
    const document = await documentOf('openai-agents-openinference.json');
    expect(document).toMatchObject({
      question: 'Find what year it is in the America/New_York timezone and write it to a file.',
      finalAnswer: 'It is 2025; I wrote 2025 to the file.',
      durationMs: 5000,
      toolCallCount: 2,
      usage: { inputTokens: 1020, outputTokens: 76 },
    });
    expect(
      document?.toolInvocations?.map((tool) => [
        tool.toolName,
        tool.callId,
        tool.durationMs,
        tool.arguments,
        tool.resultSummary,
      ]),
    ).toEqual([
      ['get_current_time', 'call_tz01', 40, { timezone: 'America/New_York' }, '2025-06-05T08:00:00-04:00'],
      ['write_file', 'call_wf01', 20, { text: '2025' }, 'ok'],
    ]);
  });

  it.each([
    [
      'S72 paired by call id',
      [span('m1', 10, asked('c1', 'queryLogs', '{"q":"a"}')), span('t1', 30, ran('queryLogs', '{"q":"a"}', 'c1'))],
      [['queryLogs', 'c1', 10, 'queryLogs done']],
    ],
    [
      'S72 paired by name and arguments, key order aside, when the span has no id',
      [
        span('m1', 10, asked('c1', 'queryLogs', '{"q":"a","n":1}')),
        span('t1', 30, ran('queryLogs', '{"n":1,"q":"a"}')),
      ],
      [['queryLogs', 'c1', 10, 'queryLogs done']],
    ],
    [
      'S72 two calls of one tool pair in order',
      [
        span('m1', 10, asked('c1', 'queryLogs', '{"q":"a"}')),
        span('t1', 30, ran('queryLogs', '{"q":"a"}')),
        span('m2', 50, asked('c2', 'queryLogs', '{"q":"a"}')),
        span('t2', 70, ran('queryLogs', '{"q":"a"}')),
      ],
      [
        ['queryLogs', 'c1', 10, 'queryLogs done'],
        ['queryLogs', 'c2', 10, 'queryLogs done'],
      ],
    ],
    [
      'S72 a requested call no span ran stays, read from the messages',
      [span('m1', 10, asked('c1', 'queryLogs', '{"q":"a"}')), span('t1', 30, ran('queryLogs', '{"q":"b"}'))],
      [
        ['queryLogs', 'c1', null, null],
        ['queryLogs', undefined, 10, 'queryLogs done'],
      ],
    ],
    [
      'S72 different call ids are different calls',
      [span('m1', 10, asked('c1', 'queryLogs', '{"q":"a"}')), span('t1', 30, ran('queryLogs', '{"q":"a"}', 'c9'))],
      [
        ['queryLogs', 'c1', null, null],
        ['queryLogs', 'c9', 10, 'queryLogs done'],
      ],
    ],
  ] as const)('%s', (_name, spans, expected) => {
    expect(invocations([...spans])).toEqual(expected);
  });

  it('S72 smolagents: the {args, kwargs, sanitize_inputs_outputs} envelope gives the kwargs, or the args without kwargs; a JSON string answer is decoded', async () => {
    const document = await documentOf('smolagents-sanitize.json');
    expect(document).toMatchObject({
      question: 'What is the population of Tokyo, and in what year was it counted?',
      finalAnswer: 'About 14 million people, counted in 2025.',
      toolCallCount: 2,
      usage: { inputTokens: 1000, outputTokens: 100 },
    });
    expect(
      document?.toolInvocations?.map((tool) => [tool.toolName, tool.arguments, tool.resultSummary, tool.durationMs]),
    ).toEqual([
      ['web_search', { query: 'Tokyo population 2025' }, 'Tokyo: 14.2 million (2025 estimate)', 1900],
      ['year_of', ['Tokyo: 14.2 million (2025 estimate)'], '2025', 900],
    ]);
  });
});
