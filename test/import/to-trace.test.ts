import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { importTraces } from '../../src/import/import-traces.js';
import { toTraceDocument } from '../../src/import/map/to-trace.js';
import { createAttributes, type ImportedSpan } from '../../src/import/read/span.js';
import { FIXTURES, fixture, temporaryFolder, writeTemporaryFile } from './helpers.js';

async function documentOf(name: string) {
  const { traces } = await importTraces([name], 'auto', FIXTURES);
  expect(traces).toHaveLength(1);
  return traces[0]?.document;
}

function span(
  overrides: Partial<ImportedSpan> & { spanId: string; attributes?: Record<string, unknown> },
): ImportedSpan {
  const attributes = createAttributes();
  Object.assign(attributes, overrides.attributes ?? {});
  return {
    traceId: 'ab'.repeat(16),
    parentSpanId: null,
    name: overrides.spanId,
    kind: 'internal',
    startNs: 1_000_000n,
    endNs: 2_000_000n,
    status: { code: 'unset', message: null },
    events: [],
    resource: createAttributes(),
    ...overrides,
    attributes,
  };
}

describe('toTraceDocument: the docs/contract.md §9 mapping', () => {
  it('maps a GenAI trace split over JSON Lines field by field', async () => {
    const { traces } = await importTraces(['otlp-split.jsonl'], 'auto', FIXTURES);
    expect(traces[0]?.document).toEqual({
      sessionId: 'diag-0001',
      question: 'Why do payment calls time out?',
      status: 'COMPLETED',
      finalAnswer: 'The DB connection pool is exhausted.',
      durationMs: 18423.000001,
      stepCount: 5,
      toolCallCount: 2,
      selfEvaluation: { verifier_evaluation: { verdict: 'PASS', reason: 'Evidence supports the answer.' } },
      agentSteps: [
        {
          stepIndex: 1,
          agentName: 'diagnoser',
          stepType: 'invoke_agent',
          startedAt: '2026-04-30T13:17:33.000Z',
          durationMs: 18423.000001,
        },
        {
          stepIndex: 2,
          agentName: 'chat gpt-4o',
          stepType: 'chat',
          startedAt: '2026-04-30T13:17:33.100Z',
          durationMs: 2000,
        },
        {
          stepIndex: 3,
          agentName: 'execute_tool queryMetrics',
          stepType: 'execute_tool',
          startedAt: '2026-04-30T13:17:35.200Z',
          durationMs: 420,
        },
        {
          stepIndex: 4,
          agentName: 'execute_tool queryLogs',
          stepType: 'execute_tool',
          startedAt: '2026-04-30T13:17:36.000Z',
          durationMs: 500,
        },
        {
          stepIndex: 5,
          agentName: 'chat gpt-4o',
          stepType: 'chat',
          startedAt: '2026-04-30T13:17:37.000Z',
          durationMs: 14000,
        },
      ],
      toolInvocations: [
        // Its parent is a model span, not the agent span.
        {
          toolName: 'queryMetrics',
          startedAt: '2026-04-30T13:17:35.200Z',
          durationMs: 420,
          arguments: { service: 'payment' },
          resultSummary: 'pool 100/100 in use',
          errorMessage: null,
        },
        {
          toolName: 'queryLogs',
          evidenceStatus: 'failed',
          startedAt: '2026-04-30T13:17:36.000Z',
          durationMs: 500,
          arguments: { service: 'payment', lines: 100 },
          resultSummary: null,
          errorMessage: 'timeout',
        },
      ],
    });
  });

  it('with several agent spans, takes the top-most one under a non-agent root', async () => {
    const document = await documentOf('several-agents.json');
    expect(document).toMatchObject({
      sessionId: 'multi-1',
      question: 'Plan the outage report.',
      // The last assistant text of the planner, not of a sub-agent.
      finalAnswer: 'Outage report: the cache tier failed.',
      durationMs: 9980,
    });
    expect(document?.agentSteps?.map((step) => step.agentName)).toEqual([
      'planner',
      'researcher',
      'researcher',
      'execute_tool search_logs',
      'writer',
      'execute_tool render',
      'execute_tool publish',
    ]);
    // Tools under sub-agents and model spans all count; render and publish start together, so span id decides.
    expect(document?.toolInvocations?.map((tool) => tool.toolName)).toEqual(['search_logs', 'render', 'publish']);
  });

  it('reads the OpenInference conventions', async () => {
    expect(await documentOf('openinference.json')).toEqual({
      sessionId: 'oi-session-7',
      // The CHAIN root is the run; its input.value is a JSON wrapper without a question, so the first user message is the question.
      question: 'Why is CI red?',
      status: 'COMPLETED',
      // The CHAIN root records no output: the agent inside it answers.
      finalAnswer: 'The lockfile is out of date.',
      durationMs: 5000,
      stepCount: 3,
      toolCallCount: 1,
      selfEvaluation: { verifier_evaluation: { verdict: 'PASS', reason: 'Matches the CI log.' } },
      agentSteps: [
        {
          stepIndex: 1,
          agentName: 'agent_run [build_bot]',
          stepType: 'AGENT',
          startedAt: '2026-04-30T13:17:33.010Z',
          durationMs: 4980,
        },
        {
          stepIndex: 2,
          agentName: 'response',
          stepType: 'LLM',
          startedAt: '2026-04-30T13:17:33.100Z',
          durationMs: 800,
        },
        {
          stepIndex: 3,
          agentName: 'read_file',
          stepType: 'TOOL',
          startedAt: '2026-04-30T13:17:34.000Z',
          durationMs: 100,
        },
      ],
      toolInvocations: [
        {
          toolName: 'read_file',
          startedAt: '2026-04-30T13:17:34.000Z',
          durationMs: 100,
          arguments: { path: 'package-lock.json' },
          resultSummary: 'lockfileVersion 3',
          errorMessage: null,
        },
      ],
    });
  });

  it('reads the older GenAI span events', async () => {
    expect(await documentOf('legacy-events.json')).toMatchObject({
      question: 'How full is the disk?',
      finalAnswer: 'The disk is 97% full.',
      durationMs: 3000,
    });
  });

  it.each([
    [
      'a CHAIN that encloses no model or tool span is not the run, even when it starts first and lasts longer',
      [
        span({
          spanId: 'c',
          startNs: 500_000n,
          endNs: 90_000_000n,
          attributes: { 'openinference.span.kind': 'CHAIN', 'input.value': 'post-processing' },
        }),
        span({ spanId: 'a', attributes: { 'gen_ai.operation.name': 'invoke_agent', 'input.value': 'the question' } }),
        span({ spanId: 'm', parentSpanId: 'a', attributes: { 'gen_ai.operation.name': 'chat' } }),
      ],
      { question: 'the question', durationMs: 1 },
    ],
    [
      'a workflow span beside the agent (not above it) is not the run',
      [
        span({
          spanId: 'w',
          endNs: 50_000_000n,
          attributes: { 'traceloop.span.kind': 'workflow', 'traceloop.entity.input': '{"question": "other"}' },
        }),
        span({ spanId: 'a', attributes: { 'gen_ai.operation.name': 'invoke_agent', 'input.value': 'the question' } }),
        span({
          spanId: 't',
          parentSpanId: 'a',
          attributes: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'x' },
        }),
      ],
      { question: 'the question', durationMs: 1 },
    ],
    [
      'a JSON input.value with none of the known keys is not the question; plain text is',
      [
        span({
          spanId: 'a',
          attributes: { 'gen_ai.operation.name': 'invoke_agent', 'input.value': '{"config": {"temperature": 0}}' },
        }),
        span({
          spanId: 'm',
          parentSpanId: 'a',
          attributes: {
            'gen_ai.operation.name': 'chat',
            'gen_ai.input.messages': '[{"role": "user", "content": "New task:\\nWhy is the queue stuck?"}]',
          },
        }),
      ],
      { question: 'Why is the queue stuck?' },
    ],
    [
      'no agent span: the root span stands in',
      [
        span({
          spanId: 'r',
          attributes: { 'input.value': 'root question', 'output.value': 'root answer' },
          endNs: 9_000_000n,
        }),
        span({ spanId: 'c', parentSpanId: 'r', attributes: { 'gen_ai.operation.name': 'chat' } }),
      ],
      { question: 'root question', finalAnswer: 'root answer', durationMs: 8, sessionId: 'ab'.repeat(16) },
    ],
    [
      'session.id when there is no gen_ai.conversation.id',
      [span({ spanId: 'a', attributes: { 'gen_ai.operation.name': 'invoke_agent', 'session.id': 's-1' } })],
      { sessionId: 's-1', question: null, finalAnswer: null },
    ],
    [
      'OpenAI-style messages and the last model output when the agent span has none',
      [
        span({ spanId: 'a', attributes: { 'gen_ai.operation.name': 'invoke_agent' }, endNs: 5_000_000n }),
        span({
          spanId: 'm1',
          parentSpanId: 'a',
          attributes: {
            'gen_ai.operation.name': 'chat',
            'gen_ai.input.messages': '[{"role": "user", "content": [{"type": "text", "text": "first"}]}]',
            'gen_ai.output.messages': '[{"role": "assistant", "content": "early"}]',
          },
        }),
        span({
          spanId: 'm2',
          parentSpanId: 'a',
          startNs: 3_000_000n,
          attributes: {
            'gen_ai.operation.name': 'chat',
            'gen_ai.output.messages': '[{"role": "assistant", "content": "late"}]',
          },
        }),
      ],
      { question: 'first', finalAnswer: 'late' },
    ],
    [
      'an error status on the agent span',
      [
        span({
          spanId: 'a',
          attributes: { 'gen_ai.operation.name': 'invoke_agent' },
          status: { code: 'error', message: 'boom' },
        }),
      ],
      { status: 'FAILED' },
    ],
    [
      'a verifier event among other evaluations, the latest one winning',
      [
        span({
          spanId: 'a',
          attributes: { 'gen_ai.operation.name': 'invoke_agent' },
          events: [
            evaluation('verifier', 'REVISE', 'first pass', 10n),
            evaluation('relevance', 'HIGH', 'not the verifier', 30n),
            evaluation('Verifier', 'PASS', 'second pass', 20n),
          ],
        }),
      ],
      { selfEvaluation: { verifier_evaluation: { verdict: 'PASS', reason: 'second pass' } } },
    ],
  ])('%s', (_label, spans, expected) => {
    expect(toTraceDocument({ traceId: 'ab'.repeat(16), spans })).toMatchObject(expected);
  });

  it('gives the same document whatever order the spans come in', async () => {
    const folder = await temporaryFolder();
    try {
      const document = JSON.parse(await readFile(fixture('several-agents.json'), 'utf8'));
      document.resourceSpans[0].scopeSpans[0].spans.reverse();
      await writeTemporaryFile(folder.path, 'reversed.json', JSON.stringify(document));
      const { traces: reversed } = await importTraces(['reversed.json'], 'auto', folder.path);
      const { traces: original } = await importTraces(['several-agents.json'], 'auto', FIXTURES);
      expect(JSON.stringify(reversed[0]?.document)).toBe(JSON.stringify(original[0]?.document));
    } finally {
      await folder.cleanup();
    }
  });

  it('marks a tool failed when error.type is set even with an unset status', () => {
    const document = toTraceDocument({
      traceId: 'ab'.repeat(16),
      spans: [
        span({
          spanId: 't',
          attributes: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'x', 'error.type': '500' },
        }),
      ],
    });
    expect(document.toolInvocations).toEqual([
      {
        toolName: 'x',
        evidenceStatus: 'failed',
        startedAt: '1970-01-01T00:00:00.001Z',
        durationMs: 1,
        arguments: null,
        resultSummary: null,
        errorMessage: '500',
      },
    ]);
  });
});

function evaluation(name: string, label: string, explanation: string, timeNs: bigint) {
  const attributes = createAttributes();
  attributes['gen_ai.evaluation.name'] = name;
  attributes['gen_ai.evaluation.score.label'] = label;
  attributes['gen_ai.evaluation.explanation'] = explanation;
  return { name: 'gen_ai.evaluation.result', timeNs, attributes };
}
