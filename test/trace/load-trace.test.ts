import { describe, expect, it } from 'vitest';
import { loadTrace, unwrapEnvelope } from '../../src/trace/load-trace.js';
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
    { toolName: 'queryMetrics', evidenceStatus: 'supported', durationMs: 420 },
    { toolName: 'queryLogs', evidenceStatus: 'failed', durationMs: null },
  ],
  agentSteps: [{ agentName: 'executor', output: 'draft' }],
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
  agentSteps: [{ stepIndex: 1, agentName: 'executor', stepType: 'answer', output: 'draft' }],
  toolInvocations: [
    { toolName: 'queryMetrics', evidenceStatus: 'supported', durationMs: 420, arguments: { service: 'payment' } },
    { toolName: 'queryLogs', evidenceStatus: 'FAILED', errorMessage: 'timeout' },
  ],
};

const SNAKE = {
  session_id: 'diag-0001',
  status: 'COMPLETED',
  final_answer: 'The connection pool was exhausted.',
  duration_ms: 18423,
  self_evaluation: { verifier_evaluation: VERIFIER },
  agent_steps: [{ step_index: 1, agent_name: 'executor', step_type: 'answer', output: 'draft' }],
  tool_invocations: [
    { tool_name: 'queryMetrics', evidence_status: 'supported', duration_ms: 420 },
    { tool_name: 'queryLogs', evidence_status: 'failed', error_message: 'timeout' },
  ],
};

describe('loadTrace: accepted variants (S13)', () => {
  it.each([
    ['S13: the plain trace of docs/contract.md §3', PLAIN],
    ['S13: the trace in a {code, message, data} envelope', { code: 0, message: 'ok', data: PLAIN }],
    ['S13: snake_case keys at the top level, in tool invocations and agent steps', SNAKE],
    ['S13: snake_case inside an envelope', { code: 0, message: 'ok', data: SNAKE }],
    ['S13: selfEvaluation as a JSON-encoded string', { ...PLAIN, selfEvaluation: JSON.stringify({ verifier_evaluation: VERIFIER }) }],
    ['S13: self_evaluation as a JSON-encoded string', { ...SNAKE, self_evaluation: JSON.stringify({ verifier_evaluation: VERIFIER }) }],
  ])('%s', (_name, document) => {
    expect(loaded(document)).toEqual(EXPECTED);
  });

  it('S13: evidenceStatus is read in any case and stored lower-cased', () => {
    const trace = loaded({ toolInvocations: [{ toolName: 'a', evidenceStatus: 'No_Evidence' }, { toolName: 'b', evidenceStatus: 'DEDUPED' }] });
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
    const trace = loaded({ finalAnswer: null, durationMs: null, toolInvocations: null, selfEvaluation: null, somethingNew: { a: 1 } });
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

describe('loadTrace: a trace of the wrong shape names the path of the first bad field (S13)', () => {
  it.each([
    { name: 'the document is a list', document: [PLAIN], problem: '(top level): found a list of 1, expected a trace object' },
    { name: 'the document is null', document: null, problem: '(top level): found null, expected a trace object' },
    { name: 'finalAnswer is a number', document: { ...PLAIN, finalAnswer: 42 }, problem: 'finalAnswer: found 42, expected a string or null' },
    { name: 'final_answer is a list', document: { ...SNAKE, final_answer: ['a'] }, problem: 'final_answer: found a list of 1, expected a string or null' },
    { name: 'toolInvocations is not a list', document: { ...PLAIN, toolInvocations: { toolName: 'x' } }, problem: 'toolInvocations: found an object, expected a list' },
    { name: 'a tool invocation is not an object', document: { ...PLAIN, toolInvocations: ['queryLogs'] }, problem: 'toolInvocations[0]: found "queryLogs", expected a tool invocation object' },
    {
      name: 'toolName is missing',
      document: { ...PLAIN, toolInvocations: [{ toolName: 'a' }, { evidenceStatus: 'supported' }] },
      problem: 'toolInvocations[1].toolName: found nothing, expected a string tool name',
    },
    { name: 'toolName is a number', document: { ...PLAIN, toolInvocations: [{ toolName: 7 }] }, problem: 'toolInvocations[0].toolName: found 7, expected a string tool name' },
    {
      name: 'an unknown evidenceStatus',
      document: { ...PLAIN, toolInvocations: [{ toolName: 'queryLogs', evidenceStatus: 'maybe' }] },
      problem: 'toolInvocations[0].evidenceStatus: found "maybe", expected one of supported, no_evidence, deduped, failed',
    },
    {
      name: 'an unknown evidence_status in snake_case, named as written',
      document: { ...SNAKE, tool_invocations: [{ tool_name: 'queryLogs', evidence_status: 'ok' }] },
      problem: 'tool_invocations[0].evidence_status: found "ok", expected one of supported, no_evidence, deduped, failed',
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
    { name: 'selfEvaluation a number', document: { ...PLAIN, selfEvaluation: 1 }, problem: 'selfEvaluation: found 1, expected an object or a JSON-encoded object' },
    { name: 'durationMs a string', document: { ...PLAIN, durationMs: '18423' }, problem: 'durationMs: found "18423", expected a number or null' },
    { name: 'duration_ms a string', document: { ...SNAKE, duration_ms: '1 s' }, problem: 'duration_ms: found "1 s", expected a number or null' },
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
    ['a JSON-encoded selfEvaluation with camelCase fields', { selfEvaluation: JSON.stringify({ verifierEvaluation: CAMEL_VERIFIER }) }],
  ])('%s reads like the snake_case names', (_, document) => {
    expect(loaded(document).verifierEvaluation).toEqual(SNAKE_VERIFIER);
  });

  it('the snake_case name wins when both twins are written', () => {
    const verifier = loaded({ selfEvaluation: { verifier_evaluation: { verdict: 'PASS', claim_checks: [], claimChecks: [{ claimId: 'x' }] } } }).verifierEvaluation;
    expect(verifier).toEqual({ verdict: 'PASS', claim_checks: [] });
  });

  it('a camelCase trace is judged like its snake_case twin: evidence from traceSummaries covers a required tool', () => {
    const trace = loaded({ finalAnswer: 'x', selfEvaluation: { verifierEvaluation: CAMEL_VERIFIER } });
    expect((trace.verifierEvaluation?.['trace_summaries'] as { tool_name: string }[])[0]?.tool_name).toBe('queryLogs');
  });

  it('a snake_case verifier evaluation is kept as it is, not copied', () => {
    const verifier = { ...SNAKE_VERIFIER };
    expect(loaded({ selfEvaluation: { verifier_evaluation: verifier } }).verifierEvaluation).toBe(verifier);
  });
});
