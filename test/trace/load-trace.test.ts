import { describe, expect, it } from 'vitest';
import { unwrapEnvelope } from '../../src/trace/envelope.js';
import { loadTrace } from '../../src/trace/load-trace.js';
import type { DiagnosisTrace } from '../../src/trace/types.js';
import { buildTrace } from '../helpers/trace-builder.js';

function loaded(document: unknown): DiagnosisTrace {
  const result = loadTrace(document);
  if (!result.ok) throw new Error(`expected the trace to load, got: ${result.problem}`);
  return result.trace;
}

function problemOf(document: unknown): string {
  const result = loadTrace(document);
  if (result.ok) throw new Error('expected the trace not to load');
  return result.problem;
}

const VERIFIER = {
  verdict: 'PASS',
  reason: 'supported',
  trace_summaries: [{ tool_name: 'queryLogs', evidence_status: 'supported', summary: 'pool exhausted' }],
  gatekeeper_result: { status: 'pass', violations: [] },
};

/** What the plain trace of docs/contract.md §3 loads into; every variant must load into the same. */
const EXPECTED: DiagnosisTrace = {
  sessionId: 'diag-0001',
  status: 'COMPLETED',
  finalAnswer: 'The connection pool was exhausted.',
  durationMs: 18423,
  toolInvocations: [
    {
      toolName: 'queryMetrics',
      evidenceStatus: 'supported',
      durationMs: 420,
      arguments: { service: 'payment' },
      startedAt: 1718085910250,
    },
    { toolName: 'queryLogs', evidenceStatus: 'failed', durationMs: null, errorMessage: 'timeout' },
  ],
  agentSteps: [{ agentName: 'executor', output: 'draft', stepIndex: 1, startedAt: 1718085911000 }],
  verifierEvaluation: VERIFIER,
};

const PLAIN = {
  sessionId: 'diag-0001',
  question: 'Why?',
  status: 'COMPLETED',
  finalAnswer: 'The connection pool was exhausted.',
  durationMs: 18423,
  stepCount: 1,
  toolCallCount: 2,
  feedback: null,
  selfEvaluation: { verifier_evaluation: VERIFIER },
  agentSteps: [{ stepIndex: 1, agentName: 'executor', stepType: 'answer', output: 'draft', startedAt: 1718085911000 }],
  toolInvocations: [
    {
      toolName: 'queryMetrics',
      evidenceStatus: 'supported',
      durationMs: 420,
      arguments: { service: 'payment' },
      startedAt: '2024-06-11T14:05:10.250+08:00',
    },
    { toolName: 'queryLogs', evidenceStatus: 'FAILED', errorMessage: 'timeout' },
  ],
};

const SNAKE = {
  session_id: 'diag-0001',
  status: 'COMPLETED',
  final_answer: 'The connection pool was exhausted.',
  duration_ms: 18423,
  self_evaluation: { verifier_evaluation: VERIFIER },
  agent_steps: [
    { step_index: 1, agent_name: 'executor', step_type: 'answer', output: 'draft', started_at: '2024-06-11T06:05:11Z' },
  ],
  tool_invocations: [
    {
      tool_name: 'queryMetrics',
      evidence_status: 'supported',
      duration_ms: 420,
      arguments: { service: 'payment' },
      started_at: 1718085910250,
    },
    { tool_name: 'queryLogs', evidence_status: 'failed', error_message: 'timeout' },
  ],
};

describe('loadTrace: accepted variants (S13)', () => {
  it.each([
    ['S13: the plain trace of docs/contract.md §3', PLAIN],
    ['S13: the trace in a {code, message, data} envelope', { code: 0, message: 'ok', data: PLAIN }],
    ['S13: snake_case keys at the top level, in tool invocations and agent steps', SNAKE],
    ['S13: snake_case inside an envelope', { code: 0, message: 'ok', data: SNAKE }],
    [
      'S13: selfEvaluation as a JSON-encoded string',
      { ...PLAIN, selfEvaluation: JSON.stringify({ verifier_evaluation: VERIFIER }) },
    ],
    [
      'S13: self_evaluation as a JSON-encoded string',
      { ...SNAKE, self_evaluation: JSON.stringify({ verifier_evaluation: VERIFIER }) },
    ],
    // A verifier's structured output kept as the text the model returned.
    [
      'S13: verifier_evaluation as a JSON-encoded string inside selfEvaluation',
      { ...PLAIN, selfEvaluation: { verifier_evaluation: JSON.stringify(VERIFIER) } },
    ],
    [
      'S13: both as JSON-encoded strings, one inside the other',
      { ...PLAIN, selfEvaluation: JSON.stringify({ verifier_evaluation: JSON.stringify(VERIFIER) }) },
    ],
  ])('%s', (_name, document) => {
    expect(loaded(document)).toEqual(EXPECTED);
  });

  it('S13: evidenceStatus is read in any case and stored lower-cased', () => {
    const trace = loaded({
      toolInvocations: [
        { toolName: 'a', evidenceStatus: 'No_Evidence' },
        { toolName: 'b', evidenceStatus: 'DEDUPED' },
      ],
    });
    expect(trace.toolInvocations.map((call) => call.evidenceStatus)).toEqual(['no_evidence', 'deduped']);
  });

  it('S13: absent fields take their defaults: finalAnswer null, no tool invocations, no duration, no verifier', () => {
    expect(loaded({})).toEqual({
      sessionId: null,
      status: null,
      finalAnswer: null,
      durationMs: null,
      toolInvocations: [],
      agentSteps: [],
      verifierEvaluation: null,
    });
  });

  it('S13: null fields count as absent; extra fields are ignored', () => {
    const trace = loaded({
      finalAnswer: null,
      durationMs: null,
      toolInvocations: null,
      selfEvaluation: null,
      somethingNew: { a: 1 },
    });
    expect(trace).toMatchObject({ finalAnswer: null, durationMs: null, toolInvocations: [], verifierEvaluation: null });
  });

  it('a top-level object with trace fields of its own is not an envelope, even with a data field', () => {
    const document = { finalAnswer: 'top', data: { finalAnswer: 'inner' } };
    expect(unwrapEnvelope(document)).toEqual({ root: document, path: '' });
    expect(loaded(document).finalAnswer).toBe('top');
    expect(loaded({ tool_invocations: [], data: { finalAnswer: 'inner' } }).finalAnswer).toBeNull();
  });

  it('the trace builder used across the tests produces a loadable trace', () => {
    expect(loaded(buildTrace()).verifierEvaluation?.['verdict']).toBe('PASS');
  });
});

describe('loadTrace: startedAt on tool invocations and agent steps (S39)', () => {
  const startOf = (startedAt: unknown) =>
    loaded({ toolInvocations: [{ toolName: 'a', startedAt }] }).toolInvocations[0]?.startedAt;

  it.each([
    ['ISO-8601 with an offset', '2024-06-11T14:05:10+08:00', Date.UTC(2024, 5, 11, 6, 5, 10)],
    ['ISO-8601 in UTC with milliseconds', '2024-06-11T06:05:10.250Z', Date.UTC(2024, 5, 11, 6, 5, 10, 250)],
    [
      'ISO-8601 with microseconds, as Java writes them',
      '2024-06-11T06:05:10.250123Z',
      Date.UTC(2024, 5, 11, 6, 5, 10, 250) + 0.123,
    ],
    ['ISO-8601 without an offset is UTC, never local time', '2024-06-11T06:05', Date.UTC(2024, 5, 11, 6, 5)],
    [
      'a space instead of T, and an offset without a colon',
      '2024-06-11 14:05:10+0800',
      Date.UTC(2024, 5, 11, 6, 5, 10),
    ],
    ['a date alone', '2024-02-29', Date.UTC(2024, 1, 29)],
    ['epoch milliseconds', 1718085910250, 1718085910250],
  ])('S39: %s is read as epoch milliseconds', (_name, written, expected) => {
    expect(startOf(written)).toBeCloseTo(expected, 3);
  });

  it('S39: a null startedAt counts as absent', () => {
    expect(loaded({ toolInvocations: [{ toolName: 'a', startedAt: null }] }).toolInvocations[0]).not.toHaveProperty(
      'startedAt',
    );
  });

  it.each([
    [
      'text that is no date',
      { toolInvocations: [{ toolName: 'a', startedAt: 'yesterday' }] },
      'toolInvocations[0].startedAt: found "yesterday", expected an ISO-8601 date-time',
    ],
    [
      'a day that does not exist',
      { toolInvocations: [{ toolName: 'a', startedAt: '2023-02-29T10:00:00Z' }] },
      'toolInvocations[0].startedAt: found "2023-02-29T10:00:00Z"',
    ],
    [
      'an hour out of range',
      { toolInvocations: [{ toolName: 'a', startedAt: '2024-06-11T24:00:00Z' }] },
      'toolInvocations[0].startedAt: found',
    ],
    [
      'a boolean',
      { toolInvocations: [{ toolName: 'a', startedAt: true }] },
      'toolInvocations[0].startedAt: found true',
    ],
    [
      'a snake_case started_at on an agent step, named as written',
      { agent_steps: [{ agent_name: 'verifier' }, { agent_name: 'executor', started_at: '11/06/2024' }] },
      'agent_steps[1].started_at: found "11/06/2024"',
    ],
  ])('S39: a startedAt that does not parse fails loading, naming the field: %s', (_name, document, problem) => {
    expect(problemOf(document)).toContain(problem);
  });
});

describe('loadTrace: a trace of the wrong shape names the path of the first bad field (S13)', () => {
  it.each([
    {
      name: 'the document is a list',
      document: [PLAIN],
      problem: '(top level): found a list of 1, expected a trace object',
    },
    { name: 'the document is null', document: null, problem: '(top level): found null, expected a trace object' },
    {
      name: 'finalAnswer is a number',
      document: { ...PLAIN, finalAnswer: 42 },
      problem: 'finalAnswer: found 42, expected a string or null',
    },
    {
      name: 'final_answer is a list',
      document: { ...SNAKE, final_answer: ['a'] },
      problem: 'final_answer: found a list of 1, expected a string or null',
    },
    {
      name: 'toolInvocations is not a list',
      document: { ...PLAIN, toolInvocations: { toolName: 'x' } },
      problem: 'toolInvocations: found an object, expected a list',
    },
    {
      name: 'a tool invocation is not an object',
      document: { ...PLAIN, toolInvocations: ['queryLogs'] },
      problem: 'toolInvocations[0]: found "queryLogs", expected a tool invocation object',
    },
    {
      name: 'toolName is missing',
      document: { ...PLAIN, toolInvocations: [{ toolName: 'a' }, { evidenceStatus: 'supported' }] },
      problem: 'toolInvocations[1].toolName: found nothing, expected a string tool name',
    },
    {
      name: 'toolName is a number',
      document: { ...PLAIN, toolInvocations: [{ toolName: 7 }] },
      problem: 'toolInvocations[0].toolName: found 7, expected a string tool name',
    },
    {
      name: 'an unknown evidenceStatus',
      document: { ...PLAIN, toolInvocations: [{ toolName: 'queryLogs', evidenceStatus: 'maybe' }] },
      problem:
        'toolInvocations[0].evidenceStatus: found "maybe", expected one of supported, no_evidence, deduped, failed',
    },
    {
      name: 'an unknown evidence_status in snake_case, named as written',
      document: { ...SNAKE, tool_invocations: [{ tool_name: 'queryLogs', evidence_status: 'ok' }] },
      problem:
        'tool_invocations[0].evidence_status: found "ok", expected one of supported, no_evidence, deduped, failed',
    },
    {
      name: 'selfEvaluation a string that is not JSON',
      document: { ...PLAIN, selfEvaluation: 'verdict: PASS' },
      problem: 'selfEvaluation: a JSON-encoded string that is not valid JSON',
    },
    {
      name: 'selfEvaluation a string that is JSON but not an object',
      document: { ...PLAIN, selfEvaluation: '["PASS"]' },
      problem: 'selfEvaluation: found a list of 1, expected a JSON-encoded object',
    },
    {
      name: 'selfEvaluation a number',
      document: { ...PLAIN, selfEvaluation: 1 },
      problem: 'selfEvaluation: found 1, expected an object or a JSON-encoded object',
    },
    {
      name: 'durationMs a string',
      document: { ...PLAIN, durationMs: '18423' },
      problem: 'durationMs: found "18423", expected a number or null',
    },
    {
      name: 'duration_ms a string',
      document: { ...SNAKE, duration_ms: '1 s' },
      problem: 'duration_ms: found "1 s", expected a number or null',
    },
    {
      name: 'S13 durationMs negative (a clock error)',
      document: { ...PLAIN, durationMs: -250 },
      problem: 'durationMs: found -250, expected a duration in milliseconds, 0 or more, or null',
    },
    {
      name: 'S13 duration_ms negative inside an envelope',
      document: { code: 0, data: { ...SNAKE, duration_ms: -1 } },
      problem: 'data.duration_ms: found -1, expected a duration in milliseconds, 0 or more, or null',
    },
    {
      name: 'S13 an error envelope whose data is null is no trace',
      document: { code: 500, message: '诊断服务内部错误', data: null },
      problem:
        'data: found null, expected a trace object (the document is a {code, message, data} envelope: code 500, message "诊断服务内部错误")',
    },
    {
      name: 'S13 an envelope whose data is a string is no trace',
      document: { code: 'E_TIMEOUT', data: 'session expired' },
      problem:
        'data: found "session expired", expected a trace object (the document is a {code, message, data} envelope: code "E_TIMEOUT")',
    },
    {
      name: 'a bad field inside an envelope is named under data',
      document: { code: 0, message: 'ok', data: { ...PLAIN, finalAnswer: false } },
      problem: 'data.finalAnswer: found false, expected a string or null',
    },
  ])('$name', ({ document, problem }) => {
    expect(problemOf(document).startsWith(problem), problemOf(document)).toBe(true);
  });

  it('names the first bad field when there are several', () => {
    expect(problemOf({ finalAnswer: 1, durationMs: 'x' })).toMatch(/^finalAnswer: /u);
  });

  it('a long found value is shortened, never printed whole', () => {
    const problem = problemOf({ durationMs: 'x'.repeat(500) });
    expect(problem.length).toBeLessThan(120);
  });
});

describe('loadTrace: token usage', () => {
  it.each([
    ['usage in camelCase', { usage: { inputTokens: 1200, outputTokens: 80 } }, { inputTokens: 1200, outputTokens: 80 }],
    [
      'its snake_case twin',
      { usage: { input_tokens: 1200, output_tokens: 80 } },
      { inputTokens: 1200, outputTokens: 80 },
    ],
    [
      'inside an envelope',
      { code: 0, data: { finalAnswer: 'a', usage: { inputTokens: 5, outputTokens: 0 } } },
      { inputTokens: 5, outputTokens: 0 },
    ],
    ['a count not recorded is 0', { usage: { inputTokens: 7 } }, { inputTokens: 7, outputTokens: 0 }],
  ])('reads %s', (_name, document, usage) => {
    expect(loaded(document).usage).toEqual(usage);
  });

  it('a trace without usage (or with usage null) has none', () => {
    expect(loaded({}).usage).toBeUndefined();
    expect(loaded({ usage: null }).usage).toBeUndefined();
  });

  it.each([
    [{ usage: 1200 }, 'usage: found 1200, expected an object { inputTokens, outputTokens } or null'],
    [{ usage: { inputTokens: -1 } }, 'usage.inputTokens: found -1, expected a token count, 0 or more'],
    [{ usage: { output_tokens: '80' } }, 'usage.output_tokens: found "80", expected a token count, 0 or more'],
  ])('a bad usage is named by its path: %j', (document, problem) => {
    expect(problemOf(document)).toBe(problem);
  });
});

describe('loadTrace: camelCase twins inside selfEvaluation', () => {
  const CAMEL_VERIFIER = {
    verdict: 'PASS',
    reason: 'supported',
    traceSummaries: [{ toolName: 'queryLogs', evidenceStatus: 'supported', summary: 'pool exhausted' }],
    gatekeeperResult: { status: 'pass', violations: [] },
    claimChecks: [{ claimId: 'c1', verification: 'supported', detail: 'pool at 50/50' }],
    composerOutput: { mode: 'parsed' },
  };
  const SNAKE_VERIFIER = {
    verdict: 'PASS',
    reason: 'supported',
    trace_summaries: [{ tool_name: 'queryLogs', evidence_status: 'supported', summary: 'pool exhausted' }],
    gatekeeper_result: { status: 'pass', violations: [] },
    claim_checks: [{ claim_id: 'c1', verification: 'supported', detail: 'pool at 50/50' }],
    composer_output: { mode: 'parsed' },
  };

  it.each([
    ['verifierEvaluation with camelCase fields', { selfEvaluation: { verifierEvaluation: CAMEL_VERIFIER } }],
    ['verifier_evaluation with camelCase fields', { selfEvaluation: { verifier_evaluation: CAMEL_VERIFIER } }],
    [
      'a JSON-encoded selfEvaluation with camelCase fields',
      { selfEvaluation: JSON.stringify({ verifierEvaluation: CAMEL_VERIFIER }) },
    ],
  ])('%s reads like the snake_case names', (_, document) => {
    expect(loaded(document).verifierEvaluation).toEqual(SNAKE_VERIFIER);
  });

  it('the snake_case name wins when both twins are written', () => {
    const verifier = loaded({
      selfEvaluation: { verifier_evaluation: { verdict: 'PASS', claim_checks: [], claimChecks: [{ claimId: 'x' }] } },
    }).verifierEvaluation;
    expect(verifier).toEqual({ verdict: 'PASS', claim_checks: [] });
  });

  it('a camelCase trace is judged like its snake_case twin: evidence from traceSummaries covers a required tool', () => {
    const trace = loaded({ finalAnswer: 'x', selfEvaluation: { verifierEvaluation: CAMEL_VERIFIER } });
    const summaries = trace.verifierEvaluation?.['trace_summaries'] as { tool_name: string }[];
    expect(summaries[0]?.tool_name).toBe('queryLogs');
  });

  it('a snake_case verifier evaluation is kept as it is, not copied', () => {
    const verifier = { ...SNAKE_VERIFIER };
    expect(loaded({ selfEvaluation: { verifier_evaluation: verifier } }).verifierEvaluation).toBe(verifier);
  });
});
