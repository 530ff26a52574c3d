import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EvalCase } from '../src/cases/types.js';
import { keywordCoverageCheck } from '../src/checks/keyword-coverage.js';
import { DEFAULT_CONTRACT } from '../src/config/contract.js';
import { type CaseRun, evaluateRun, evaluateRuns } from '../src/evaluate/evaluate.js';
import { CHECK_IDS } from '../src/model/check-ids.generated.js';
import type { CaseResult, ReportedOutcome } from '../src/report/types.js';
import type { TraceRunInput } from '../src/sources/types.js';
import { makeEvalCase } from './helpers/eval-case.js';
import { buildTrace, type TraceSpec, toolCall } from './helpers/trace-builder.js';

function evaluate(evalCase: EvalCase, document: unknown): CaseResult {
  return evaluateRun(
    evalCase,
    { kind: 'document', document, traceFixture: `eval/fixtures/${evalCase.traceFixture}`, sessionId: null },
    DEFAULT_CONTRACT,
  );
}

function evaluateSpec(caseOverrides: Partial<EvalCase>, spec: TraceSpec = {}): CaseResult {
  return evaluate(makeEvalCase(caseOverrides), buildTrace(spec));
}

function outcomeOf(result: CaseResult, check: string): ReportedOutcome | undefined {
  return result.checks.find((row) => row.check === check)?.outcome;
}

function messageOf(result: CaseResult, check: string): string {
  return result.checks.find((row) => row.check === check)?.message ?? '';
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('evaluateRun: a trace that meets the case', () => {
  it('S07: passes, lists every check of docs/contract.md §4 in table order, and reports the figures', () => {
    const result = evaluateSpec(
      {
        requiredEvidenceTools: ['queryMetrics'],
        rootCauseKeywords: ['connection pool'],
        budget: { maxToolCalls: 3, maxDurationMs: 5000 },
      },
      { durationMs: 1234 },
    );
    expect(result.checks.map((row) => row.check)).toEqual([...CHECK_IDS]);
    expect(result).toMatchObject({
      caseId: 'payment-timeout-db-pool',
      status: 'passed',
      reason: null,
      verdict: 'PASS',
      failedChecks: [],
      evidenceCoverage: { required: ['queryMetrics'], covered: ['queryMetrics'], missing: [], ratio: 1 },
      keywordCoverage: { concepts: 1, covered: 1, ratio: 1, min: 1, missing: [] },
      toolCallCount: 1,
      durationMs: 1234,
      traceFixture: 'eval/fixtures/payment-timeout-db-pool.json',
    });
    for (const row of result.checks) expect(['pass', 'skip']).toContain(row.outcome);
  });

  it('a check that does not apply is skip, with a message saying why', () => {
    const result = evaluateSpec({});
    expect(outcomeOf(result, 'evidence-coverage')).toBe('skip');
    expect(messageOf(result, 'evidence-coverage')).not.toBe('');
    expect(outcomeOf(result, 'tool-call-budget')).toBe('skip');
  });
});

describe('evaluateRun: S03 evidence coverage through the pipeline', () => {
  const evalCase = { requiredEvidenceTools: ['queryMetrics', 'queryLogs', 'queryRedisInfo'] };

  it('S03: a tool is covered by toolInvocations or by verifier trace_summaries; a failed-only tool is not', () => {
    const result = evaluateSpec(evalCase, {
      toolInvocations: [toolCall('queryMetrics'), toolCall('queryLogs', 'failed')],
      verifier: {
        trace_summaries: [
          { tool_name: 'queryRedisInfo', evidence_status: 'supported', summary: 'evicted_keys rising' },
        ],
      },
    });
    expect(result.status).toBe('failed');
    expect(result.evidenceCoverage).toEqual({
      required: ['queryMetrics', 'queryLogs', 'queryRedisInfo'],
      covered: ['queryMetrics', 'queryRedisInfo'],
      missing: ['queryLogs'],
      ratio: 0.6667,
    });
    expect(result.failedChecks.map((failed) => failed.check)).toEqual(['evidence-coverage']);
    expect(result.failedChecks[0]?.message).toContain('queryLogs');
  });

  it('S03: a summary without an evidence status covers its tool', () => {
    const result = evaluateSpec(evalCase, {
      toolInvocations: [toolCall('queryMetrics'), toolCall('queryLogs', null)],
      verifier: { trace_summaries: [{ tool_name: 'queryRedisInfo', summary: 'INFO memory' }] },
    });
    expect(outcomeOf(result, 'evidence-coverage')).toBe('pass');
    expect(result.evidenceCoverage?.ratio).toBe(1);
  });

  it('S03: tool names compare exactly', () => {
    const result = evaluateSpec(
      { requiredEvidenceTools: ['queryLogs'] },
      { toolInvocations: [toolCall('querylogs'), toolCall('queryLogs ')] },
    );
    expect(outcomeOf(result, 'evidence-coverage')).toBe('fail');
    expect(result.evidenceCoverage?.missing).toEqual(['queryLogs']);
  });
});

describe('evaluateRun: S04 verifier verdict through the pipeline', () => {
  it('S04: a missing verdict fails verdict-present and skips the checks that need one', () => {
    const result = evaluateSpec({ forbiddenVerdicts: ['REJECT'] }, { verdict: null });
    expect(result.verdict).toBeNull();
    expect(outcomeOf(result, 'verdict-present')).toBe('fail');
    expect(outcomeOf(result, 'verdict-allowed')).toBe('skip');
    expect(outcomeOf(result, 'verdict-not-forbidden')).toBe('skip');
    expect(result.status).toBe('failed');
  });

  it('S04: a verdict that is not text counts as missing', () => {
    const result = evaluateSpec({}, { verdict: null, verifier: { verdict: 1 as unknown as string } });
    expect(result.verdict).toBeNull();
    expect(outcomeOf(result, 'verdict-present')).toBe('fail');
  });

  it('S04: a verdict outside allowedVerdicts fails verdict-allowed; the verdict is upper-cased in the result', () => {
    const result = evaluateSpec({ allowedVerdicts: ['PASS'] }, { verdict: 'revise' });
    expect(result.verdict).toBe('REVISE');
    expect(outcomeOf(result, 'verdict-present')).toBe('pass');
    expect(outcomeOf(result, 'verdict-allowed')).toBe('fail');
    expect(messageOf(result, 'verdict-allowed')).toContain('REVISE');
  });

  it('S04: a lower-case verdict that is allowed passes', () => {
    const result = evaluateSpec({ allowedVerdicts: ['PASS', 'REVISE'] }, { verdict: 'Revise' });
    expect(outcomeOf(result, 'verdict-allowed')).toBe('pass');
    expect(result.status).toBe('passed');
  });

  it('S02: a forbidden verdict fails verdict-not-forbidden', () => {
    const result = evaluateSpec(
      { allowedVerdicts: ['PASS', 'REJECT'], forbiddenVerdicts: ['REJECT'] },
      { verdict: 'REJECT', finalAnswer: 'insufficient evidence' },
    );
    expect(outcomeOf(result, 'verdict-not-forbidden')).toBe('fail');
  });
});

describe('evaluateRun: S05 root-cause keyword coverage through the pipeline', () => {
  const rootCauseKeywords = [['connection pool', '连接池'], 'exhausted', 'settlement-reconcile', ['timeout', '超时']];

  it('S05: coverage below the minimum fails and lists the missing concepts as written', () => {
    const result = evaluateSpec(
      { rootCauseKeywords, minKeywordCoverage: 0.75 },
      { finalAnswer: '数据库连接池被对账任务占满，导致支付超时。' },
    );
    expect(result.keywordCoverage).toEqual({
      concepts: 4,
      covered: 2,
      ratio: 0.5,
      min: 0.75,
      missing: ['exhausted', 'settlement-reconcile'],
      requiredMissing: [],
      unasserted: [],
    });
    expect(outcomeOf(result, 'keyword-coverage')).toBe('fail');
    expect(result.status).toBe('failed');
  });

  it('S05: coverage at the minimum passes', () => {
    const result = evaluateSpec(
      { rootCauseKeywords, minKeywordCoverage: 0.5 },
      { finalAnswer: '数据库连接池被对账任务占满，导致支付超时。' },
    );
    expect(outcomeOf(result, 'keyword-coverage')).toBe('pass');
  });

  it('S05: matching normalises NFKC, case and white space', () => {
    const result = evaluateSpec(
      { rootCauseKeywords: ['connection pool', 'cpu'] },
      { finalAnswer: 'The CONNECTION\n\n  Pool hit 100% ＣＰＵ.' },
    );
    expect(result.keywordCoverage?.covered).toBe(2);
    expect(outcomeOf(result, 'keyword-coverage')).toBe('pass');
  });

  it('S05: a trace without a final answer covers no concept', () => {
    const result = evaluateSpec({ rootCauseKeywords: ['pool'] }, { finalAnswer: null });
    expect(result.keywordCoverage).toMatchObject({ covered: 0, ratio: 0, missing: ['pool'] });
    expect(outcomeOf(result, 'keyword-coverage')).toBe('fail');
  });
});

describe('evaluateRun: traces that do not load, fixtures that do not exist, checks that crash', () => {
  it('S13: a trace of the wrong shape fails trace-loadable with the path of the bad field, and every other check is skip', () => {
    const result = evaluate(makeEvalCase({ requiredEvidenceTools: ['queryLogs'] }), { finalAnswer: 42 });
    expect(result.checks.map((row) => row.check)).toEqual([...CHECK_IDS]);
    expect(result.checks[0]).toEqual({
      check: 'trace-loadable',
      outcome: 'fail',
      message: 'the trace did not load: finalAnswer: found 42, expected a string or null',
    });
    expect(result.checks.slice(1).every((row) => row.outcome === 'skip')).toBe(true);
    expect(result).toMatchObject({
      status: 'failed',
      reason: null,
      verdict: null,
      failedChecks: [
        {
          check: 'trace-loadable',
          message: 'the trace did not load: finalAnswer: found 42, expected a string or null',
        },
      ],
      evidenceCoverage: null,
      keywordCoverage: null,
      toolCallCount: null,
      durationMs: null,
    });
  });

  it("S13: bytes that are not JSON fail trace-loadable with the source's problem, every other check skip", () => {
    const result = evaluateRun(
      makeEvalCase(),
      {
        kind: 'unparsable',
        problem: 'eval/fixtures/a.json: not valid JSON: bad at line 1, column 2',
        traceFixture: 'eval/fixtures/a.json',
        sessionId: null,
      },
      DEFAULT_CONTRACT,
    );
    expect(result.failedChecks).toEqual([
      {
        check: 'trace-loadable',
        message: 'the trace did not load: eval/fixtures/a.json: not valid JSON: bad at line 1, column 2',
      },
    ]);
    expect(result.checks.filter((row) => row.outcome === 'skip')).toHaveLength(CHECK_IDS.length - 1);
  });

  it('S11: a run without a trace is not_run with its reason and runs no check', () => {
    const result = evaluateRun(
      makeEvalCase({ id: 'gone' }),
      {
        kind: 'not_run',
        reason: 'fixture not found: expected a trace file at eval/fixtures/gone.json',
        traceFixture: 'eval/fixtures/gone.json',
        sessionId: null,
      },
      DEFAULT_CONTRACT,
    );
    expect(result).toEqual({
      caseId: 'gone',
      status: 'not_run',
      reason: 'fixture not found: expected a trace file at eval/fixtures/gone.json',
      verdict: null,
      failedChecks: [],
      warnedChecks: [],
      checks: [],
      evidenceCoverage: null,
      keywordCoverage: null,
      toolCallCount: null,
      durationMs: null,
      tokens: null,
      repeatedCalls: null,
      traceFixture: 'eval/fixtures/gone.json',
    });
  });

  it('a check that throws becomes a fail of that check on that case only; the other checks and cases go on', () => {
    const original = keywordCoverageCheck.run;
    vi.spyOn(keywordCoverageCheck, 'run').mockImplementation((context) => {
      if (context.evalCase.id === 'crashes') throw new Error('boom');
      return original(context);
    });
    const crashing = evaluateSpec({
      id: 'crashes',
      rootCauseKeywords: ['pool'],
      requiredEvidenceTools: ['queryMetrics'],
    });
    const healthy = evaluateSpec({
      id: 'healthy',
      rootCauseKeywords: ['pool'],
      requiredEvidenceTools: ['queryMetrics'],
    });

    expect(crashing.status).toBe('failed');
    expect(crashing.failedChecks).toEqual([{ check: 'keyword-coverage', message: 'the check crashed: boom' }]);
    expect(outcomeOf(crashing, 'evidence-coverage')).toBe('pass');
    expect(outcomeOf(crashing, 'verdict-allowed')).toBe('pass');
    expect(crashing.checks).toHaveLength(CHECK_IDS.length);
    expect(healthy.status).toBe('passed');
    expect(outcomeOf(healthy, 'keyword-coverage')).toBe('pass');
  });

  it('is pure: the same inputs give equal results whatever was judged between, and the input document is not changed', () => {
    const document = buildTrace({ toolInvocations: [toolCall('queryMetrics', 'FAILED')] });
    const before = structuredClone(document);
    const evalCase = makeEvalCase({ requiredEvidenceTools: ['queryMetrics'] });
    const first = evaluate(evalCase, document);
    // The same case id with another expectation and trace: a memo keyed by case or fixture would answer it with the first.
    const between = evaluate(
      { ...evalCase, requiredEvidenceTools: ['queryLogs'] },
      buildTrace({ toolInvocations: [toolCall('queryLogs')] }),
    );
    expect(outcomeOf(between, 'evidence-coverage')).toBe('pass');
    expect(outcomeOf(first, 'evidence-coverage')).toBe('fail');
    expect(evaluate(evalCase, document)).toEqual(first);
    expect(document).toEqual(before);
  });

  it('is pure: two calls give equal results whose rows are their own, so a caller may change one without the other seeing it', () => {
    const evalCase = makeEvalCase({ requiredEvidenceTools: ['queryMetrics'] });
    const document = buildTrace({ toolInvocations: [toolCall('queryMetrics', 'FAILED')] });
    const first = evaluate(evalCase, document);
    const second = evaluate(evalCase, document);
    expect(first).toEqual(second);
    const untouched = structuredClone(second);
    for (const row of first.checks) {
      expect(Object.isFrozen(row)).toBe(false);
      row.message = 'changed by the caller';
      row.outcome = 'skip';
    }
    for (const failed of first.failedChecks) failed.message = 'changed by the caller';
    first.checks.push({ check: 'trace-loadable', outcome: 'fail', message: 'added by the caller' });
    expect(second).toEqual(untouched);
    // A third call sees nothing of the first's changes either.
    expect(evaluate(evalCase, document)).toEqual(untouched);
    // Nor does a run judged in a stretch, check by check.
    const input: TraceRunInput = {
      kind: 'document',
      document,
      traceFixture: `eval/fixtures/${evalCase.traceFixture}`,
      sessionId: null,
    };
    expect(
      evaluateRuns(
        [
          { evalCase, input },
          { evalCase, input },
        ],
        DEFAULT_CONTRACT,
      ),
    ).toEqual([untouched, untouched]);
  });
});

describe('evaluateRun: token usage (S42)', () => {
  it("S42 tokens is input + output of the trace's usage, null without it; the token budget reads the same sum", () => {
    const withUsage = evaluate(makeEvalCase({ id: 'u', budget: { maxTokens: 1000 } }), {
      ...buildTrace(),
      usage: { inputTokens: 900, outputTokens: 150 },
    });
    expect(withUsage.tokens).toBe(1050);
    expect(outcomeOf(withUsage, 'token-budget')).toBe('fail');
    expect(withUsage.failedChecks.map((failed) => failed.check)).toEqual(['token-budget']);
    const without = evaluate(makeEvalCase({ id: 'n', budget: { maxTokens: 1000 } }), buildTrace());
    expect(without.tokens).toBeNull();
    expect(outcomeOf(without, 'token-budget')).toBe('skip');
  });
});

describe('evaluateRuns: a stretch of runs judged check by check', () => {
  it('gives each run the result evaluateRun gives it alone, in order: traces that pass, fail, warn, do not load or did not run, and a check that crashes on one', () => {
    const original = keywordCoverageCheck.run;
    vi.spyOn(keywordCoverageCheck, 'run').mockImplementation((context) => {
      if (context.evalCase.id === 'crashes') throw new Error('boom');
      return original(context);
    });
    const document = (spec: TraceSpec): TraceRunInput => ({
      kind: 'document',
      document: buildTrace(spec),
      traceFixture: null,
      sessionId: null,
    });
    const runs: CaseRun[] = [
      { evalCase: makeEvalCase({ id: 'passes', rootCauseKeywords: ['pool'] }), input: document({}) },
      {
        evalCase: makeEvalCase({ id: 'fails', requiredEvidenceTools: ['queryLogs'] }),
        input: document({ toolInvocations: [toolCall('queryMetrics')] }),
      },
      {
        evalCase: makeEvalCase({ id: 'gone' }),
        input: { kind: 'not_run', reason: 'no fixture', traceFixture: null, sessionId: null },
      },
      {
        evalCase: makeEvalCase({
          id: 'warns',
          requiredEvidenceTools: ['queryLogs'],
          checks: { 'evidence-coverage': 'warn', 'run-completed': 'off' },
        }),
        input: document({ status: 'FAILED' }),
      },
      {
        evalCase: makeEvalCase({ id: 'broken' }),
        input: { kind: 'unparsable', problem: 'not JSON', traceFixture: null, sessionId: null },
      },
      { evalCase: makeEvalCase({ id: 'crashes', rootCauseKeywords: ['pool'] }), input: document({}) },
      {
        evalCase: makeEvalCase({ id: 'wrong-shape' }),
        input: { kind: 'document', document: [], traceFixture: null, sessionId: null },
      },
    ];
    const together = evaluateRuns(runs, DEFAULT_CONTRACT);
    const alone = runs.map(({ evalCase, input }) => evaluateRun(evalCase, input, DEFAULT_CONTRACT));
    expect(together).toEqual(alone);
    expect(together.map((result) => [result.caseId, result.status])).toEqual([
      ['passes', 'passed'],
      ['fails', 'failed'],
      ['gone', 'not_run'],
      ['warns', 'passed'],
      ['broken', 'failed'],
      ['crashes', 'failed'],
      ['wrong-shape', 'failed'],
    ]);
    expect(together[3]?.warnedChecks?.map((warned) => warned.check)).toEqual(['evidence-coverage']);
    expect(together[3]?.checks.some((row) => row.check === 'run-completed')).toBe(false);
    expect(together[5]?.failedChecks).toEqual([{ check: 'keyword-coverage', message: 'the check crashed: boom' }]);
  });
});
