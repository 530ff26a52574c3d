import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTRACT } from '../src/config/contract.js';
import { evaluateRun } from '../src/evaluate/evaluate.js';
import { CHECK_IDS } from '../src/model/check-ids.generated.js';
import type { CaseResult } from '../src/report/types.js';
import { makeEvalCase } from './helpers/eval-case.js';
import { buildTrace, type TraceSpec, toolCall } from './helpers/trace-builder.js';

/** The semantic checks end to end: a trace document as a service writes it, loaded and judged. */
const SEMANTIC_CHECKS = CHECK_IDS.slice(
  CHECK_IDS.indexOf('evidence-substance'),
  CHECK_IDS.indexOf('no-redundant-tool-calls') + 1,
);

const evalCase = makeEvalCase({
  requiredEvidenceTools: ['queryMetrics', 'queryLogs'],
  audit: { v2: true, claimChecks: true, composerOutput: true },
  // Repeated calls only warn by default (S70): this case gates on them, as a project may.
  checks: { 'no-redundant-tool-calls': 'error' },
});

function evaluate(spec: TraceSpec): CaseResult {
  return evaluateRun(
    evalCase,
    { kind: 'document', document: buildTrace(spec), traceFixture: 'eval/fixtures/x.json', sessionId: null },
    DEFAULT_CONTRACT,
  );
}

const METRICS = { ...toolCall('queryMetrics'), resultSummary: 'pool active 50/50; pending 412; p99 30.2 s' };

/** A complete, honest trace: evidence first, then the verdict; every figure from a tool. */
function honest(overrides: TraceSpec = {}): TraceSpec {
  return {
    finalAnswer: 'The connection pool was exhausted: 50/50 connections busy, p99 30.2 s, 412 requests waiting.',
    toolInvocations: [
      {
        ...toolCall('queryMetrics'),
        resultSummary: 'pool active 50/50; pending 412; p99 30.2 s',
        startedAt: '2024-06-11T14:05:00+08:00',
      },
      {
        ...toolCall('queryLogs'),
        arguments: { query: 'level:ERROR' },
        resultSummary: '2,318 ERROR lines',
        started_at: 1718085905000,
      },
    ],
    agentSteps: [
      { stepIndex: 1, agentName: 'executor', stepType: 'answer', output: 'draft', startedAt: '2024-06-11T06:05:30Z' },
      { stepIndex: 2, agentName: 'verifier', stepType: 'verify', output: 'PASS', startedAt: '2024-06-11T06:05:40Z' },
    ],
    ...overrides,
  };
}

const failing = (result: CaseResult) => result.checks.filter((row) => row.outcome === 'fail').map((row) => row.check);

describe('the semantic checks on loaded traces (S34-S41)', () => {
  it('S34 S35 S36 S37 S38 S39 S40 S41: an honest trace passes every semantic check', () => {
    const result = evaluate(honest());
    expect(failing(result)).toEqual([]);
    for (const check of SEMANTIC_CHECKS)
      expect(result.checks.find((row) => row.check === check)?.outcome, check).toBe('pass');
  });

  it.each<[string, TraceSpec, string]>([
    [
      'S34: a required call that errored',
      honest({ toolInvocations: [METRICS, { ...toolCall('queryLogs'), errorMessage: 'timeout' }] }),
      'evidence-substance',
    ],
    ['S35: a FAILED run', honest({ status: 'FAILED' }), 'run-completed'],
    [
      'S36: a gatekeeper pass with violations',
      honest({ verifier: { gatekeeper_result: { status: 'pass', violations: ['c1'] } } }),
      'audit-consistency',
    ],
    [
      'S37: a figure no tool returned',
      honest({ finalAnswer: 'The pool was exhausted at 97.4% CPU.' }),
      'numeric-grounding',
    ],
    [
      'S38: a cited tool never invoked',
      honest({
        finalAnswer: 'According to queryTraces the pool was exhausted.',
        verifier: { trace_summaries: [{ tool_name: 'queryTraces', evidence_status: 'supported', summary: 'x' }] },
      }),
      'cited-tools-called',
    ],
    [
      'S39: evidence after the verdict (times from ISO text and epoch ms)',
      honest({
        toolInvocations: [
          { ...METRICS, startedAt: '2024-06-11T06:06:00Z' },
          { ...toolCall('queryLogs'), arguments: {}, startedAt: 1718085905000 },
        ],
      }),
      'evidence-before-verdict',
    ],
    [
      'S40: raw executor JSON in the answer',
      honest({ finalAnswer: '{"answer": "pool exhausted", "claims": []}' }),
      'no-raw-structure',
    ],
    [
      'S41: the same call twice',
      honest({ toolInvocations: [METRICS, METRICS, { ...toolCall('queryLogs'), arguments: {} }] }),
      'no-redundant-tool-calls',
    ],
  ])('%s fails exactly that check', (_name, spec, check) => {
    const result = evaluate(spec);
    expect(failing(result)).toEqual([check]);
  });

  it('S39: a startedAt that does not parse fails trace-loadable, naming the field', () => {
    const result = evaluate(honest({ agentSteps: [{ stepIndex: 1, agentName: 'executor', startedAt: 'soon' }] }));
    expect(result.checks[0]).toMatchObject({ check: 'trace-loadable', outcome: 'fail' });
    expect(result.checks[0]?.message).toContain('agentSteps[0].startedAt: found "soon"');
  });
});
