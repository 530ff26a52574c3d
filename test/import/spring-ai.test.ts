import { describe, expect, it } from 'vitest';
import { importTraces } from '../../src/import/import-traces.js';
import { loadTrace } from '../../src/trace/load-trace.js';
import type { TraceDocument } from '../../src/trace/types.js';
import { FIXTURES } from './helpers.js';

/**
 * Exports built to the observation conventions of Spring AI 1.0 (and its 1.0.0-M6 milestone),
 * 1.1 and 2.0, Spring AI Alibaba 1.1 and Quarkus LangChain4j, as their source writes them
 * (docs/import.md, "Spring AI, Spring AI Alibaba and LangChain4j"): Micrometer tags as strings,
 * span names lower-hyphenated, the chat client's content as OTLP log records.
 */
async function documentOf(name: string): Promise<TraceDocument> {
  const { traces, skipped, unrecognised } = await importTraces([name], 'auto', FIXTURES);
  expect([skipped, unrecognised]).toEqual([[], []]);
  expect(traces).toHaveLength(1);
  const document = traces[0]?.document as TraceDocument;
  expect(loadTrace(document)).toMatchObject({ ok: true });
  return document;
}

function summary(document: TraceDocument) {
  return {
    sessionId: document.sessionId,
    question: document.question,
    finalAnswer: document.finalAnswer,
    status: document.status,
    durationMs: document.durationMs,
    toolCallCount: document.toolCallCount,
    usage: document.usage,
    modelCalls: document.agentSteps
      ?.filter((step) => step.stepType === 'chat')
      .map((step) => [step.durationMs, step.usage?.inputTokens, step.usage?.outputTokens]),
  };
}

function tools(document: TraceDocument) {
  return document.toolInvocations?.map((tool) => ({
    toolName: tool.toolName,
    ...(tool.callId === undefined ? {} : { callId: tool.callId }),
    durationMs: tool.durationMs,
    arguments: tool.arguments,
    resultSummary: tool.resultSummary,
    ...(tool.evidenceStatus === undefined ? {} : { evidenceStatus: tool.evidenceStatus }),
    errorMessage: tool.errorMessage,
  }));
}

const QUESTION = 'Why is order-service returning HTTP 500 since 09:40?';
const ANSWER =
  'Root cause: the order-service database connection pool is exhausted (HikariPool-1 timed out after 30000ms from 09:40:12), so POST /orders fails with HTTP 500; HighErrorRate fired at 09:41 with 12.4% errors. Evidence: queryPrometheusAlerts, queryLogs.';
const ALERTS = {
  alerts: [
    {
      name: 'HighErrorRate',
      service: 'order-service',
      severity: 'critical',
      value: '12.4%',
      startsAt: '2025-12-01T09:41:00+08:00',
    },
  ],
};
const LOGS = {
  success: true,
  lines: [
    '09:40:12 ERROR HikariPool-1 - Connection is not available, request timed out after 30000ms',
    '09:40:13 ERROR OrderController - 500 on POST /orders',
  ],
};
const MODEL_CALLS = [
  [1700, 812, 64],
  [1450, 1130, 48],
  [4050, 1622, 233],
];
const LOG_ARGUMENTS = { service: 'order-service', level: 'ERROR', minutes: 15 };

function springTools(callIds: readonly (string | undefined)[], logs: 'ok' | 'failed') {
  const id = (index: number) => (callIds[index] === undefined ? {} : { callId: callIds[index] });
  return [
    {
      toolName: 'queryPrometheusAlerts',
      ...id(0),
      durationMs: 430,
      arguments: { service: 'order-service', since: '09:30' },
      resultSummary: ALERTS,
      errorMessage: null,
    },
    {
      toolName: 'getCurrentDateTime',
      ...id(1),
      durationMs: 5,
      arguments: {},
      resultSummary: '2025-12-01T09:52:10+08:00',
      errorMessage: null,
    },
    logs === 'ok'
      ? {
          toolName: 'queryLogs',
          ...id(2),
          durationMs: 750,
          arguments: LOG_ARGUMENTS,
          resultSummary: LOGS,
          errorMessage: null,
        }
      : {
          toolName: 'queryLogs',
          ...id(2),
          durationMs: 750,
          arguments: LOG_ARGUMENTS,
          resultSummary: null,
          evidenceStatus: 'failed',
          errorMessage: 'Connection refused: loki:3100',
        },
  ];
}

describe('Spring AI conventions (S71)', () => {
  it.each([
    [
      'S71 Spring AI 1.0: tool_call spans of operation "framework", JSON results quoted once more, the answer from the chat model\'s completion record',
      'spring-ai-1.0.jsonl',
    ],
    [
      "S71 Spring AI 1.1: the question and answer from the chat client's prompt and completion records",
      'spring-ai-1.1.jsonl',
    ],
  ] as const)('%s', async (_name, file) => {
    const document = await documentOf(file);
    expect(summary(document)).toEqual({
      sessionId: 'diag-order-500',
      question: QUESTION,
      finalAnswer: ANSWER,
      status: 'COMPLETED',
      // The chat client span (100–8900 ms), not the HTTP server span around it (0–9000 ms).
      durationMs: 8800,
      toolCallCount: 3,
      usage: { inputTokens: 3564, outputTokens: 345 },
      modelCalls: MODEL_CALLS,
    });
    expect(tools(document)).toEqual(springTools([], 'ok'));
    expect(document.agentSteps?.filter((step) => step.stepType === 'execute_tool')).toHaveLength(3);
  });

  it('S71 Spring AI 2.0: execute_tool spans with call ids, JSON results forwarded, a failed tool by its span status; a Chinese run', async () => {
    const document = await documentOf('spring-ai-2.0.jsonl');
    expect(summary(document)).toEqual({
      sessionId: 'diag-order-500-zh',
      question: '订单服务为什么从 09:40 开始返回 500？',
      finalAnswer:
        '根因：order-service 的数据库连接池耗尽（HikariPool-1 从 09:40:12 起等待 30000ms 超时），POST /orders 因此返回 500；09:41 触发 HighErrorRate，错误率 12.4%。证据：queryPrometheusAlerts、queryLogs。',
      status: 'COMPLETED',
      durationMs: 8800,
      toolCallCount: 3,
      usage: { inputTokens: 3564, outputTokens: 345 },
      modelCalls: MODEL_CALLS,
    });
    expect(tools(document)).toEqual(springTools(['call_8f2a01', 'call_8f2a02', 'call_8f2a03'], 'failed'));
  });

  it('S71 Spring AI 1.0.0-M6: the user text on the chat client span, the completion in a gen_ai.content.completion event', async () => {
    const document = await documentOf('spring-ai-1.0-m6.jsonl');
    expect(summary(document)).toEqual({
      sessionId: '5a1e00000000000000000000000000f6',
      question: QUESTION,
      finalAnswer: ANSWER,
      status: 'COMPLETED',
      durationMs: 3000,
      toolCallCount: 0,
      usage: { inputTokens: 402, outputTokens: 120 },
      modelCalls: [[2800, 402, 120]],
    });
  });

  it('S71 Spring AI Alibaba: the outermost graph is the run, its agents are steps, the prompt of its first chat client is the question', async () => {
    const document = await documentOf('spring-ai-alibaba.jsonl');
    expect(summary(document)).toEqual({
      sessionId: 'ops-check-alibaba',
      question: '对 order-service 执行夜间巡检，如有故障请给出根因。',
      finalAnswer:
        '根因：order-service 数据库连接池耗尽（09:40:12 起 HikariPool-1 超时），09:41 触发 HighErrorRate（错误率 12.4%）。按运维手册，调大 maximumPoolSize 或排查慢查询。',
      status: 'COMPLETED',
      durationMs: 11900,
      toolCallCount: 3,
      // Four model calls; the graph and node spans count none.
      usage: { inputTokens: 3070, outputTokens: 361 },
      modelCalls: [
        [2100, 310, 72],
        [1050, 598, 61],
        [1300, 1460, 88],
        [3250, 702, 140],
      ],
    });
    expect(
      document.agentSteps?.filter((step) => step.stepType === 'agent').map((step) => [step.agentName, step.durationMs]),
    ).toEqual([
      ['aiops-supervisor', 11900],
      ['planner', 2280],
      ['executor', 5930],
      ['reporter', 3430],
    ]);
    expect(tools(document)).toEqual([
      {
        toolName: 'queryPrometheusAlerts',
        durationMs: 450,
        arguments: { service: 'order-service' },
        resultSummary: ALERTS,
        errorMessage: null,
      },
      { toolName: 'queryLogs', durationMs: 1750, arguments: LOG_ARGUMENTS, resultSummary: LOGS, errorMessage: null },
      {
        toolName: 'queryInternalDocs',
        durationMs: 950,
        arguments: { query: 'HikariPool Connection is not available' },
        resultSummary:
          "Runbook order-service: when HikariPool reports 'Connection is not available', raise maximumPoolSize or find the slow query.",
        errorMessage: null,
      },
    ]);
  });

  it('S71 Quarkus LangChain4j: the AI service span is the run, the first plain prompt that is the user message alone is the question', async () => {
    const document = await documentOf('quarkus-langchain4j.jsonl');
    expect(summary(document)).toEqual({
      sessionId: '9a4c0000000000000000000000000001',
      question: QUESTION,
      finalAnswer:
        'The order-service connection pool is exhausted: HikariPool-1 timed out after 30000ms from 09:40:12, and HighErrorRate fired at 09:41 (12.4%).',
      status: 'COMPLETED',
      durationMs: 5960,
      toolCallCount: 2,
      usage: { inputTokens: 976, outputTokens: 137 },
      modelCalls: [
        [1160, 205, 41],
        [3440, 771, 96],
      ],
    });
    expect(tools(document)).toEqual([
      {
        toolName: 'queryPrometheusAlerts',
        callId: 'call_q1',
        durationMs: 390,
        arguments: { service: 'order-service' },
        resultSummary: ALERTS,
        errorMessage: null,
      },
      {
        toolName: 'queryLogs',
        callId: 'call_q2',
        durationMs: 890,
        arguments: { service: 'order-service', level: 'ERROR' },
        resultSummary: LOGS,
        errorMessage: null,
      },
    ]);
  });

  it('S71 a prompt content record cut in the middle is skipped by name; the rest of the run is imported', async () => {
    const { traces, skipped } = await importTraces(['spring-ai-cut-log.jsonl'], 'auto', FIXTURES);
    expect(skipped).toEqual([
      {
        file: 'spring-ai-cut-log.jsonl',
        line: 3,
        message:
          'log record "Chat Client Prompt Content:" of trace 5a1e0000000000000000000000000c07 is cut off (no closing "]); skipped',
      },
    ]);
    expect(traces[0]?.document).toMatchObject({
      sessionId: 'diag-cut',
      question: null,
      finalAnswer: ANSWER,
      toolCallCount: 3,
    });
  });
});
