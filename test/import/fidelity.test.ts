import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ImportResult, importTraces } from '../../src/import/import-traces.js';
import { loadTrace } from '../../src/trace/load-trace.js';
import type { ToolInvocationDocument, TraceDocument } from '../../src/trace/types.js';
import { FIXTURES, temporaryFolder, tracesFromSpansAsRead, writeTemporaryFile } from './helpers.js';

/**
 * The mapping rules that make an imported fixture tell the truth about a real run
 * (docs/import.md): which span is the run, what was asked, what the tools got and gave back,
 * which calls failed, which calls only the messages show, and the tokens used. One hand-made
 * export per rule, in the shapes the instrumentations write.
 */
async function importOne(
  name: string,
  from: 'auto' | 'spans' = 'auto',
): Promise<{ result: ImportResult; document: TraceDocument }> {
  const result = await importTraces([name], from, FIXTURES);
  expect(result.traces).toHaveLength(1);
  const document = result.traces[0]?.document as TraceDocument;
  expect(loadTrace(document)).toMatchObject({ ok: true });
  return { result, document };
}

function tool(document: TraceDocument, name: string): ToolInvocationDocument {
  const found = document.toolInvocations?.find((invocation) => invocation.toolName === name);
  if (found === undefined) throw new Error(`no invocation of ${name}`);
  return found;
}

describe('the run root', () => {
  it.each([
    // name, root kind, whole run (ms), the nested invoke_agent's duration (ms), status
    ['root-traceloop-workflow.json', 'traceloop.span.kind = workflow', 23_664, 9_386, 'FAILED'],
    ['root-ioa-observe-agent.json', 'ioa_observe.span.kind = agent', 74_347, 56_339, 'COMPLETED'],
    ['openinference.json', 'openinference.span.kind = CHAIN', 5_000, 4_980, 'COMPLETED'],
  ] as const)(
    '%s: the outermost span marked by %s that encloses the model and tool spans is the run',
    async (name, _kind, runMs, nestedMs, status) => {
      const { document } = await importOne(name);
      expect(document.durationMs).toBe(runMs);
      expect(document.agentSteps?.some((step) => step.durationMs === nestedMs)).toBe(true);
      // The run's status is the root's: the Traceloop workflow failed although its sub-agent did not.
      expect(document.status).toBe(status);
    },
  );

  it('a workflow root is the run, not a step; an agent root is both', async () => {
    const workflow = (await importOne('root-traceloop-workflow.json')).document;
    expect(workflow.agentSteps?.map((step) => step.stepType)).toEqual([
      'invoke_agent',
      'chat',
      'tool',
      'tool',
      'chat',
      'chat',
    ]);
    const agent = (await importOne('root-ioa-observe-agent.json')).document;
    expect(agent.agentSteps?.map((step) => `${step.agentName}/${step.stepType}`)).toEqual([
      'supervisor.agent/agent',
      'triage/invoke_agent',
      'chat gpt-4o/chat',
      'execute_tool query_errors/execute_tool',
      'chat gpt-4o/chat',
    ]);
  });
});

describe('the question', () => {
  it.each([
    [
      'root-traceloop-workflow.json',
      'the last of messages in LangChain inputs (traceloop.entity.input)',
      'Why did the nightly export fail?',
    ],
    [
      'root-ioa-observe-agent.json',
      "the question key of the root's JSON input, before the sub-agent's messages",
      'Which service breaks checkout?',
    ],
    [
      'smolagents.json',
      'the task key of input.value, not the model\'s "New task:" message',
      'What is the population of Tokyo?',
    ],
    ['openinference.json', "the first user message when the root's JSON input has no known key", 'Why is CI red?'],
  ] as const)('%s: %s', async (name, _rule, question) => {
    expect((await importOne(name)).document.question).toBe(question);
  });

  it('without a root input, the first user message, without the framework prefix "New task:"', async () => {
    const { document } = await importOne('smolagents.json');
    expect(document.question).not.toContain('New task');
    // The same run with the AGENT span's input.value gone: only the model messages remain.
    const spans = JSON.parse(await readFile(join(FIXTURES, 'smolagents.json'), 'utf8')) as {
      attributes: Record<string, unknown>;
    }[];
    for (const span of spans) {
      for (const key of Object.keys(span.attributes)) {
        if (key === 'input.value' || key.startsWith('ioa_') || key === 'traceloop.entity.input')
          delete span.attributes[key];
      }
    }
    const folder = await temporaryFolder();
    try {
      await writeTemporaryFile(folder.path, 'smolagents.json', JSON.stringify(spans));
      const result = await importTraces(['smolagents.json'], 'auto', folder.path);
      expect(result.traces[0]?.document.question).toBe('What is the population of Tokyo?');
    } finally {
      await folder.cleanup();
    }
  });
});

describe('arguments and results out of their envelopes, the raw value kept', () => {
  it.each([
    [
      'LangChain callback inputs',
      'root-traceloop-workflow.json',
      'read_log',
      { job: 'nightly-export' },
      'No space left on device',
    ],
    [
      'smolagents kwargs',
      'smolagents.json',
      'web_search',
      { query: 'Tokyo population 2025' },
      'Tokyo: 14.2 million (2025 estimate)',
    ],
    ['MCP content text', 'tool-failures.json', 'mcp_ok', null, 'p99 420 ms'],
  ] as const)('%s', async (_envelope, name, toolName, args, result) => {
    const invocation = tool((await importOne(name)).document, toolName);
    expect(invocation.arguments).toEqual(args);
    expect(invocation.resultSummary).toBe(result);
    expect(invocation.evidenceStatus).toBeUndefined();
  });

  it('keeps the envelopes as rawArguments / rawResult, and writes neither when nothing was unwrapped', async () => {
    const { document } = await importOne('root-traceloop-workflow.json');
    const readLog = tool(document, 'read_log');
    expect(readLog.rawArguments).toMatchObject({
      input_str: "{'job': 'nightly-export'}",
      inputs: { job: 'nightly-export' },
    });
    expect(readLog.rawResult).toMatchObject({ output: { id: ['langchain', 'schema', 'messages', 'ToolMessage'] } });
    const plain = tool((await importOne('root-ioa-observe-agent.json')).document, 'query_errors');
    expect(Object.keys(plain)).toEqual([
      'toolName',
      'callId',
      'startedAt',
      'durationMs',
      'arguments',
      'resultSummary',
      'errorMessage',
    ]);
  });
});

describe('failure signals', () => {
  it.each([
    ['MCP isError: true', 'mcp_failed', 'Error: index not found'],
    ['{"status": "error"}', 'status_error', 'quota exceeded'],
    ['a non-empty error key', 'error_key', 'no such dashboard'],
    ['span status ERROR', 'span_error', 'connection reset'],
    ['error.type', 'error_type', 'TimeoutError'],
  ])('%s marks the call failed with its message', async (_signal, toolName, message) => {
    const invocation = tool((await importOne('tool-failures.json')).document, toolName);
    expect([invocation.evidenceStatus, invocation.errorMessage]).toEqual(['failed', message]);
  });

  it('a ToolMessage with status "error" inside a LangChain output is a failed call', async () => {
    const invocation = tool((await importOne('root-traceloop-workflow.json')).document, 'disk_usage');
    expect([invocation.evidenceStatus, invocation.resultSummary, invocation.errorMessage]).toEqual([
      'failed',
      'permission denied: /var',
      'permission denied: /var',
    ]);
  });

  it.each([
    ['MCP isError: false', 'mcp_ok'],
    ['error: null beside status "ok"', 'error_null'],
    ['a text that mentions errors', 'text_mentions_error'],
  ])('%s is a good call', async (_case, toolName) => {
    const invocation = tool((await importOne('tool-failures.json')).document, toolName);
    expect([invocation.evidenceStatus, invocation.errorMessage]).toEqual([undefined, null]);
  });
});

describe('tool calls from model messages', () => {
  it('GenAI tool_call parts and OpenInference tool_calls become invocations, with the matching response; a call a tool span ran counts once', async () => {
    const { document } = await importOne('message-tool-calls.json');
    expect(document.toolCallCount).toBe(3);
    expect(
      document.toolInvocations?.map((invocation) => [invocation.toolName, invocation.callId, invocation.durationMs]),
    ).toEqual([
      ['transfer_to_metrics_agent', 'call_handoff', null],
      // The tool span's own record, not a second copy from the messages.
      ['query_logs', 'call_logs', 400],
      ['get_quota', 'call_oi', null],
    ]);
    expect(tool(document, 'transfer_to_metrics_agent')).toMatchObject({
      arguments: { reason: 'check latency' },
      resultSummary: 'p99 latency 180 ms',
    });
    // The OpenInference response is the tool message with the same tool_call_id; it signals a failure.
    expect(tool(document, 'get_quota')).toMatchObject({
      arguments: { account: 'acme' },
      evidenceStatus: 'failed',
      errorMessage: 'quota API unavailable',
    });
  });

  it.each([
    ['written compact', (list: unknown[]) => JSON.stringify(list)],
    [
      'written with a space after each comma (Python)',
      (list: unknown[]) => JSON.stringify(list).replaceAll('","', '", "').replaceAll('},{', '}, {'),
    ],
    ['pretty-printed', (list: unknown[]) => JSON.stringify(list, null, 2)],
  ])(
    'a conversation each model call repeats, %s: the first user text is the question, every tool response is read',
    async (_form, write) => {
      const user = (text: string) => ({ role: 'user', parts: [{ type: 'text', content: text }] });
      const call = (id: string) => ({
        role: 'assistant',
        parts: [{ type: 'tool_call', id, name: `look_${id}`, arguments: {} }],
      });
      const first = [{ role: 'system', content: 'You diagnose incidents.' }, user('Why is checkout slow?')];
      const second = [
        ...first,
        call('c1'),
        { role: 'user', parts: [{ type: 'tool_call_response', id: 'c1', response: 'p99 5.2s' }] },
      ];
      const third = [...second, call('c2'), { role: 'tool', tool_call_id: 'c2', content: 'pool 100/100' }];
      const outputs = [call('c1'), call('c2'), { role: 'assistant', parts: [{ type: 'text', content: 'pool' }] }];
      const spans = [first, second, third].map((input, turn) => ({
        name: 'chat m',
        context: { trace_id: `0x${'e'.repeat(32)}`, span_id: `0x${'f'.repeat(15)}${turn}` },
        parent_id: null,
        start_time: `2026-04-30T13:17:0${turn}.000000Z`,
        end_time: `2026-04-30T13:17:0${turn}.500000Z`,
        status: { status_code: 'UNSET' },
        attributes: {
          'gen_ai.operation.name': 'chat',
          'gen_ai.input.messages': write(input),
          'gen_ai.output.messages': JSON.stringify([outputs[turn]]),
        },
        events: [],
      }));
      const folder = await temporaryFolder();
      try {
        await writeTemporaryFile(folder.path, 'conversation.json', JSON.stringify(spans));
        const [trace] = (await importTraces(['conversation.json'], 'auto', folder.path)).traces;
        expect(trace?.document.question).toBe('Why is checkout slow?');
        expect(trace?.document.toolInvocations?.map((tool) => [tool.callId, tool.resultSummary])).toEqual([
          ['c1', 'p99 5.2s'],
          ['c2', 'pool 100/100'],
        ]);
      } finally {
        await folder.cleanup();
      }
    },
  );

  it('reads the same calls whether or not spans are compacted as they are read', async () => {
    const compacted = await importTraces(['message-tool-calls.json'], 'auto', FIXTURES);
    const full = await tracesFromSpansAsRead(join(FIXTURES, 'message-tool-calls.json'));
    expect(compacted.traces[0]?.document).toEqual(full[0]?.document);
  });
});

describe('token usage, call ids and start times', () => {
  it.each([
    [
      'root-traceloop-workflow.json',
      'gen_ai.usage.prompt_tokens / completion_tokens',
      { inputTokens: 3_600, outputTokens: 130 },
    ],
    [
      'root-ioa-observe-agent.json',
      'gen_ai.usage.input_tokens / output_tokens',
      { inputTokens: 1_800, outputTokens: 70 },
    ],
    // The AGENT span records the total of its LLM spans: counted once.
    [
      'smolagents.json',
      'llm.token_count.prompt / completion, on the agent and on its model calls',
      { inputTokens: 2_500, outputTokens: 300 },
    ],
  ] as const)('%s: %s summed once per call', async (name, _attributes, usage) => {
    expect((await importOne(name)).document.usage).toEqual(usage);
  });

  it('an agent step carries the usage of the calls within it; a trace without token counts has no usage', async () => {
    const { document } = await importOne('root-traceloop-workflow.json');
    expect(document.agentSteps?.[0]).toMatchObject({
      agentName: 'researcher',
      usage: { inputTokens: 2_700, outputTokens: 100 },
    });
    expect((await importOne('tool-failures.json')).document.usage).toBeUndefined();
  });

  it('startedAt is the span start as ISO-8601 UTC text; callId is gen_ai.tool.call.id', async () => {
    const invocation = tool((await importOne('root-ioa-observe-agent.json')).document, 'query_errors');
    expect(invocation.startedAt).toBe('2026-04-30T13:17:04.100Z');
    expect(invocation.callId).toBe('call_q1');
  });
});

describe('events and log records', () => {
  it('messages only in gen_ai.client.inference.operation.details events give the question and the answer', async () => {
    const { document } = await importOne('span-dicts.json');
    expect([document.question, document.finalAnswer]).toEqual(['Which disk is full?', '/dev/sda1 is 98% full.']);
  });

  it('an OTLP log record gen_ai.evaluation.result with the trace id gives the verdict (the latest); one for a trace without spans is skipped', async () => {
    const { result, document } = await importOne('evaluation-log-records.jsonl');
    expect(document.selfEvaluation).toEqual({
      verifier_evaluation: { verdict: 'PASS', reason: 'Eviction counts support the answer.' },
    });
    expect(result.skipped).toEqual([
      {
        file: 'evaluation-log-records.jsonl',
        line: 2,
        message: 'evaluation result for trace a8000000000000000000000000000009, which has no spans; skipped',
      },
    ]);
  });
});

describe('OpenTelemetry SDK span dictionaries (--from spans)', () => {
  it.each([
    ['span-dicts.json', 'a JSON list of ReadableSpan.to_json() objects'],
    ['console-exporter.txt', 'ConsoleSpanExporter output: the same objects printed one after the other'],
  ])('%s (%s) is detected and read like the other formats', async (name) => {
    for (const from of ['auto', 'spans'] as const) {
      const { result, document } = await importOne(name, from);
      expect(result.traces[0]?.traceId).toBe('a6000000000000000000000000000006');
      expect(document).toMatchObject({
        question: 'Which disk is full?',
        durationMs: 5_000,
        usage: { inputTokens: 120, outputTokens: 12 },
      });
      expect(document.agentSteps?.map((step) => [step.agentName, step.startedAt, step.durationMs])).toEqual([
        ['helper', '2026-04-30T13:17:00.000Z', 5_000],
        ['chat gpt-4o-mini', '2026-04-30T13:17:01.000Z', 3_000],
      ]);
    }
  });

  it('a span list given with another --from is refused, naming both formats', async () => {
    const error = await importTraces(['span-dicts.json'], 'otlp', FIXTURES).catch((caught: unknown) => caught);
    expect(String((error as Error).message)).toContain('span-dicts.json: a spans export, not otlp');
  });
});

describe('nothing recognised', () => {
  it('a trace without an agent, model or tool span is converted and named, with its span names', async () => {
    const { result, document } = await importOne('unrecognised.json');
    expect(document).toMatchObject({ question: null, toolCallCount: 0, agentSteps: [] });
    expect(result.unrecognised).toEqual([
      {
        file: 'unrecognised.json',
        line: null,
        message: expect.stringMatching(
          /^trace a7000000000000000000000000000007: no agent, model or tool span recognised among its 2 spans \("handle_request", "lookup"\)/u,
        ),
      },
    ]);
    expect((await importTraces(['span-dicts.json'], 'auto', FIXTURES)).unrecognised).toEqual([]);
  });
});
