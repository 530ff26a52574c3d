import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { importTraces } from '../../src/import/import-traces.js';
import { loadTrace } from '../../src/trace/load-trace.js';
import { REAL_TRACES, realTrace } from './helpers.js';

const QUESTION =
  'Find what year it is in the America/New_York timezone and write the value (single number) to a file. Finally, return a list of the steps you have taken.';

/**
 * One task run by seven frameworks under any-agent, each exported as an `AgentTrace` (OpenTelemetry
 * SDK span dictionaries; test/fixtures/real/SOURCES.md #8, #13–#18). Every fact below was read off
 * the file itself: the `execute_tool` spans' `gen_ai.tool.args` and `gen_ai.output`, their times,
 * the `call_llm` spans' token counts, the `invoke_agent` root's time and the run's `final_output`.
 */
const RUNS = [
  {
    file: 'anyagent_OPENAI_trace.json',
    framework: 'the OpenAI Agents SDK',
    traceId: '4bedea77bb33b9c5f280371eae21ea97',
    durationMs: 1227.25,
    usage: { inputTokens: 1020, outputTokens: 76 },
    asked: ['get_current_time', 'write_file'],
    answerFrom: 'the last model call',
    steps: [
      { number: 1, description: 'Get current time in the America/New_York timezone.' },
      { number: 2, description: 'Write the year to a file.' },
    ],
    tools: [
      {
        toolName: 'get_current_time',
        durationMs: 2.52,
        arguments: { timezone: 'America/New_York' },
        resultSummary: { timezone: 'America/New_York', datetime: '2025-09-16T08:43:13-04:00', is_dst: true },
      },
      { toolName: 'write_file', durationMs: 2.179, arguments: { text: '2025' }, resultSummary: {} },
    ],
  },
  {
    file: 'anyagent_GOOGLE_trace.json',
    framework: 'Google ADK',
    traceId: 'cdbd7b99cef221c28dd6d03c27d09b4c',
    durationMs: 1591.424,
    usage: { inputTokens: 2251, outputTokens: 86 },
    asked: ['get_current_time', 'write_file', 'final_output'],
    answerFrom: 'final_output',
    steps: [
      { number: 1, description: 'Get current time in the America/New_York timezone.' },
      { number: 2, description: 'Write the year to a file.' },
    ],
    tools: [
      {
        toolName: 'get_current_time',
        callId: 'jbUWqgIUr',
        durationMs: 3.636,
        arguments: { timezone: 'America/New_York' },
        resultSummary: { timezone: 'America/New_York', datetime: '2025-09-16T08:43:06-04:00', is_dst: true },
      },
      {
        toolName: 'write_file',
        callId: 'j5pzf0TaM',
        durationMs: 1.856,
        arguments: { text: '2025' },
        resultSummary: {},
      },
      {
        toolName: 'final_output',
        callId: 'Je755BQAS',
        durationMs: 2.911,
        arguments: {
          answer:
            '{"steps": [{"number": 1, "description": "Get current time in the America/New_York timezone."}, {"number": 2, "description": "Write the year to a file."}]}',
        },
        resultSummary: {
          success: true,
          result: {
            steps: [
              { number: 1, description: 'Get current time in the America/New_York timezone.' },
              { number: 2, description: 'Write the year to a file.' },
            ],
          },
        },
      },
    ],
  },
  {
    file: 'anyagent_SMOLAGENTS_trace.json',
    framework: 'smolagents',
    traceId: '9135313a4e40fe254d48742d230ea040',
    durationMs: 1158.388,
    usage: { inputTokens: 2294, outputTokens: 87 },
    asked: ['get_current_time', 'write_file', 'final_answer'],
    answerFrom: 'final_answer',
    steps: [
      { number: 1, description: 'Get the current time in the America/New_York timezone.' },
      { number: 2, description: 'Write the year to a file.' },
    ],
    tools: [
      {
        toolName: 'get_current_time',
        durationMs: 2.559,
        arguments: { timezone: 'America/New_York' },
        resultSummary: { timezone: 'America/New_York', datetime: '2025-09-16T08:43:20-04:00', is_dst: true },
      },
      { toolName: 'write_file', durationMs: 2.225, arguments: { text: '2025' }, resultSummary: {} },
      {
        toolName: 'final_answer',
        durationMs: 2.872,
        arguments: {
          answer:
            '{"steps": [{"number": 1, "description": "Get the current time in the America/New_York timezone."}, {"number": 2, "description": "Write the year to a file."}]}',
        },
        resultSummary: {
          steps: [
            { number: 1, description: 'Get the current time in the America/New_York timezone.' },
            { number: 2, description: 'Write the year to a file.' },
          ],
        },
      },
    ],
  },
  {
    file: 'anyagent_AGNO_trace.json',
    framework: 'Agno',
    traceId: '1de0532b350588ff152b1edf6bf358b3',
    durationMs: 4880.778,
    usage: { inputTokens: 1396, outputTokens: 74 },
    asked: ['get_current_time', 'write_file'],
    answerFrom: 'the last model call',
    steps: [
      { number: 1, description: 'Get current time in the America/New_York timezone' },
      { number: 2, description: 'Write the year to a file' },
    ],
    tools: [
      {
        toolName: 'get_current_time',
        callId: 'LlAGPjfO0',
        durationMs: 3.165,
        arguments: { timezone: 'America/New_York' },
        resultSummary: { timezone: 'America/New_York', datetime: '2025-09-16T08:43:15-04:00', is_dst: true },
      },
      {
        toolName: 'write_file',
        callId: 'wzCUjvRq4',
        durationMs: 0.809,
        arguments: { text: '2025' },
        resultSummary: {},
      },
    ],
  },
  {
    file: 'anyagent_LANGCHAIN_trace.json',
    framework: 'LangChain',
    traceId: '572318454595034fe5076610d6400542',
    durationMs: 1792.938,
    usage: { inputTokens: 1262, outputTokens: 125 },
    asked: ['get_current_time', 'write_file'],
    answerFrom: 'the last model call',
    steps: [
      { number: 1, description: 'Found the current time in the America/New_York timezone.' },
      { number: 2, description: 'Wrote the year to a file.' },
    ],
    tools: [
      {
        toolName: 'get_current_time',
        durationMs: 2.967,
        arguments: { timezone: 'America/New_York' },
        resultSummary: { timezone: 'America/New_York', datetime: '2025-09-16T09:16:41-04:00', is_dst: true },
      },
      { toolName: 'write_file', durationMs: 0.877, arguments: { text: '2025' }, resultSummary: 'null' },
    ],
  },
  {
    file: 'anyagent_LLAMA_INDEX_trace.json',
    framework: 'LlamaIndex',
    traceId: '89c41176422c506985d55a0d2d2091db',
    durationMs: 3926.929,
    usage: { inputTokens: 1308, outputTokens: 255 },
    asked: ['get_current_time', 'write_file', 'final_output'],
    answerFrom: 'the last model call',
    steps: [
      { number: 1, description: 'Get current time in the America/New_York timezone.' },
      { number: 2, description: 'Write the year to a file.' },
    ],
    tools: [
      {
        toolName: 'get_current_time',
        durationMs: 3.106,
        arguments: { timezone: 'America/New_York' },
        resultSummary: { timezone: 'America/New_York', datetime: '2025-09-16T09:14:59-04:00', is_dst: true },
      },
      { toolName: 'write_file', durationMs: 0.822, arguments: { text: '2025' }, resultSummary: 'None' },
      {
        toolName: 'final_output',
        durationMs: 1.147,
        arguments: {
          answer:
            '{"steps": [{"number": 1, "description": "Get current time in the America/New_York timezone."}, {"number": 2, "description": "Write the year to a file."}]}',
        },
        resultSummary: {
          success: true,
          result: {
            steps: [
              { number: 1, description: 'Get current time in the America/New_York timezone.' },
              { number: 2, description: 'Write the year to a file.' },
            ],
          },
        },
      },
    ],
  },
  {
    file: 'anyagent_TINYAGENT_trace.json',
    framework: 'TinyAgent',
    traceId: '9707d5fd6d4a546d47757044c6127e04',
    durationMs: 3099.499,
    usage: { inputTokens: 1369, outputTokens: 156 },
    asked: ['get_current_time', 'write_file', 'final_answer'],
    answerFrom: 'the last model call',
    steps: [
      { number: 1, description: 'Get current time in the America/New_York timezone.' },
      { number: 2, description: 'Write the year to a file.' },
      { number: 3, description: 'Return the list of steps taken.' },
    ],
    tools: [
      {
        toolName: 'get_current_time',
        durationMs: 2.573,
        arguments: { timezone: 'America/New_York' },
        resultSummary: { timezone: 'America/New_York', datetime: '2025-09-16T08:43:21-04:00', is_dst: true },
      },
      { toolName: 'write_file', durationMs: 2.875, arguments: { text: '2025' }, resultSummary: 'None' },
      {
        toolName: 'final_answer',
        durationMs: 1.599,
        arguments: {
          answer:
            '1. Get current time in the America/New_York timezone. 2. Write the year to a file. 3. Return the list of steps taken.',
        },
        resultSummary:
          '1. Get current time in the America/New_York timezone. 2. Write the year to a file. 3. Return the list of steps taken.',
      },
    ],
  },
] as const;

/** The tool calls each model call asked for: any-agent writes them as its `gen_ai.output` list. */
async function askedCalls(file: string): Promise<string[]> {
  const trace = JSON.parse(await readFile(realTrace(file), 'utf8')) as {
    spans: { name: string; attributes: Record<string, unknown> }[];
  };
  return trace.spans
    .filter((span) => span.name.startsWith('call_llm'))
    .flatMap((span) => {
      const output = span.attributes['gen_ai.output'];
      const parsed: unknown = typeof output === 'string' && output.startsWith('[') ? JSON.parse(output) : null;
      return Array.isArray(parsed) ? parsed.map((call: { 'tool.name': string }) => call['tool.name']) : [];
    });
}

async function finalOutputOf(file: string): Promise<unknown> {
  return (JSON.parse(await readFile(realTrace(file), 'utf8')) as { final_output: unknown }).final_output;
}

describe('real exports of seven frameworks (any-agent)', () => {
  it.each(RUNS)(
    'S72 $framework ($file): one invocation per tool call, with its arguments, result and timing',
    async ({ file, tools, asked }) => {
      const { traces, skipped, unrecognised } = await importTraces([file], 'auto', REAL_TRACES);
      expect([skipped, unrecognised]).toEqual([[], []]);
      expect(traces).toHaveLength(1);
      const document = traces[0]?.document;
      // Every call the model asked for ran once as an execute_tool span: one invocation each.
      expect(await askedCalls(file)).toEqual(asked);
      expect(document?.toolInvocations?.map((tool) => tool.toolName)).toEqual(asked);
      expect(document?.toolCallCount).toBe(tools.length);
      expect(
        document?.toolInvocations?.map((tool) => ({
          toolName: tool.toolName,
          ...(tool.callId === undefined ? {} : { callId: tool.callId }),
          durationMs: tool.durationMs,
          arguments: tool.arguments,
          resultSummary: tool.resultSummary,
        })),
      ).toEqual(tools);
      expect(document?.toolInvocations?.every((tool) => tool.evidenceStatus === undefined)).toBe(true);
    },
  );

  it.each(RUNS)(
    '$framework ($file): the trace, question, answer, duration and token counts',
    async ({ file, traceId, durationMs, usage, steps, answerFrom, tools }) => {
      const { traces } = await importTraces([file], 'auto', REAL_TRACES);
      expect(traces.map((trace) => trace.traceId)).toEqual([traceId]);
      const document = traces[0]?.document;
      expect(loadTrace(document)).toMatchObject({ ok: true });
      expect(document).toMatchObject({
        sessionId: traceId,
        question: QUESTION,
        status: 'COMPLETED',
        durationMs,
        // The call_llm spans' gen_ai.usage.*; the agent span records none of its own.
        usage,
      });
      const answer = document?.finalAnswer;
      expect(typeof answer).toBe('string');
      // The answer is the run's final_output, as JSON text.
      expect(JSON.parse(answer as string)).toEqual({ steps });
      expect(JSON.parse(answer as string)).toEqual(await finalOutputOf(file));
      if (answerFrom !== 'the last model call') {
        // No model text after the answer tool: the answer is the argument it was called with.
        const call = tools.find((tool) => tool.toolName === answerFrom);
        expect(call?.arguments).toEqual({ answer });
      }
    },
  );
});
