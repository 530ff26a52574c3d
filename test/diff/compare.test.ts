import { describe, expect, it } from 'vitest';
import { compareReports } from '../../src/diff/compare.js';
import type { DiffItem } from '../../src/diff/types.js';
import { InputError } from '../../src/io/errors.js';
import { CHECK_IDS } from '../../src/model/check-ids.generated.js';
import type { ReportSummary } from '../../src/report/types.js';
import { type CaseSpec, caseLevelItems, makeCaseResult, makeReport, shape } from './helpers.js';

const payment = { caseId: 'payment-timeout-db-pool' } satisfies CaseSpec;
const cache = { caseId: 'cache-avalanche' } satisfies CaseSpec;
const disk = { caseId: 'disk-full-logs' } satisfies CaseSpec;

/** Two reports of the same cases that differ only in the summary fields given. */
function summaryDiff(
  baseline: Partial<ReportSummary>,
  current: Partial<ReportSummary>,
  costTolerance: number | null = null,
) {
  const cases = [makeCaseResult(payment)];
  return compareReports(makeReport(cases, baseline), makeReport(cases, current), { costTolerance });
}

function caseDiff(baseline: CaseSpec[], current: CaseSpec[]) {
  return compareReports(makeReport(baseline.map(makeCaseResult)), makeReport(current.map(makeCaseResult)), {});
}

describe('compareReports: aggregate pass rate (S17)', () => {
  it.each([
    {
      name: 'S17 lower pass rate is a regression',
      baseline: 1,
      current: 0.8,
      kind: 'regression',
      delta: -0.2,
      words: 'fell from 1 to 0.8 (-0.2)',
    },
    {
      name: 'higher pass rate is an improvement',
      baseline: 0.6667,
      current: 1,
      kind: 'improvement',
      delta: 0.3333,
      words: 'rose from 0.6667 to 1 (+0.3333)',
    },
    {
      name: 'pass rate with no value on one side is a change without delta',
      baseline: null,
      current: 0.5,
      kind: 'change',
      delta: null,
      words: 'is now 0.5',
    },
  ] as const)('$name', ({ baseline, current, kind, delta, words }) => {
    const diff = summaryDiff({ passRate: baseline }, { passRate: current });
    expect(diff.items.map(shape)).toEqual([
      { kind, scope: 'aggregate', caseId: null, tool: null, metric: 'passRate', baseline, current, delta },
    ]);
    expect(diff.items[0]?.message).toContain(`passRate ${words}`);
    expect(diff.summary.passRate).toEqual({ baseline, current, delta });
  });

  it('S17 an equal pass rate gives no item', () => {
    expect(summaryDiff({ passRate: 0.8 }, { passRate: 0.8 }).items).toEqual([]);
  });
});

describe('compareReports: cost signals (S18)', () => {
  it.each([
    {
      name: 'S18 avgToolCalls rose',
      metric: 'avgToolCalls',
      baseline: 3,
      current: 3.4,
      delta: 0.4,
      message: 'avgToolCalls rose from 3 to 3.4 (+0.4, +13.3%)',
    },
    {
      name: 'S18 avgToolCalls fell',
      metric: 'avgToolCalls',
      baseline: 4,
      current: 3,
      delta: -1,
      message: 'avgToolCalls fell from 4 to 3 (-1, -25.0%)',
    },
    {
      name: 'S18 avgDurationMs rose',
      metric: 'avgDurationMs',
      baseline: 15000,
      current: 15234.25,
      delta: 234.25,
      message: 'avgDurationMs rose from 15000 to 15234.25 (+234.25, +1.6%)',
    },
    {
      name: 'S18 rise from zero has no percentage',
      metric: 'avgToolCalls',
      baseline: 0,
      current: 2,
      delta: 2,
      message: 'avgToolCalls rose from 0 to 2 (+2)',
    },
    {
      name: 'S18 duration appears',
      metric: 'avgDurationMs',
      baseline: null,
      current: 1200,
      delta: null,
      message: 'avgDurationMs is now 1200 (the baseline had no value)',
    },
    {
      name: 'S18 duration vanishes',
      metric: 'avgDurationMs',
      baseline: 1200,
      current: null,
      delta: null,
      message: 'avgDurationMs has no value now (it was 1200 in the baseline)',
    },
    {
      name: 'S42 avgTokens rose',
      metric: 'avgTokens',
      baseline: 4000,
      current: 5000,
      delta: 1000,
      message: 'avgTokens rose from 4000 to 5000 (+1000, +25.0%)',
    },
    {
      name: 'S42 tokens appear',
      metric: 'avgTokens',
      baseline: null,
      current: 3600,
      delta: null,
      message: 'avgTokens is now 3600 (the baseline had no value)',
    },
  ] as const)('$name: a change with baseline, current and delta', ({ metric, baseline, current, delta, message }) => {
    const diff = summaryDiff({ [metric]: baseline }, { [metric]: current });
    expect(diff.items).toEqual([
      { kind: 'change', scope: 'aggregate', caseId: null, tool: null, metric, baseline, current, delta, message },
    ]);
    expect(diff.summary[metric]).toEqual({ baseline, current, delta });
  });

  it('S18 delta is rounded to 4 places', () => {
    const diff = summaryDiff({ avgToolCalls: 0.1 }, { avgToolCalls: 0.3 });
    // 0.3 - 0.1 is 0.19999999999999998 in floating point.
    expect(diff.items[0]?.delta).toBe(0.2);
    expect(diff.summary.avgToolCalls.delta).toBe(0.2);
  });

  it('S18 unchanged costs, both null included, give no item', () => {
    expect(
      summaryDiff({ avgToolCalls: 3, avgDurationMs: null }, { avgToolCalls: 3, avgDurationMs: null }).items,
    ).toEqual([]);
  });
});

describe('compareReports: cost tolerance (S18 with --cost-tolerance)', () => {
  it.each([
    { name: 'increase beyond F × baseline', baseline: 3, current: 3.4, tolerance: 0.1, kind: 'regression' },
    { name: 'increase of exactly F × baseline', baseline: 3, current: 3.3, tolerance: 0.1, kind: 'change' },
    {
      name: 'increase of exactly F × baseline (15000 ms, 20%)',
      baseline: 15000,
      current: 18000,
      tolerance: 0.2,
      kind: 'change',
    },
    {
      name: 'smallest step past F × baseline',
      baseline: 15000,
      current: 18000.0001,
      tolerance: 0.2,
      kind: 'regression',
    },
    { name: 'increase below F × baseline', baseline: 10, current: 10.5, tolerance: 0.1, kind: 'change' },
    { name: 'decrease', baseline: 10, current: 2, tolerance: 0, kind: 'change' },
    { name: 'F = 0 and any increase', baseline: 10, current: 10.0001, tolerance: 0, kind: 'regression' },
    { name: 'baseline 0 and any increase', baseline: 0, current: 1, tolerance: 0.5, kind: 'regression' },
    { name: 'baseline null', baseline: null, current: 100, tolerance: 0.1, kind: 'change' },
    { name: 'current null', baseline: 100, current: null, tolerance: 0.1, kind: 'change' },
    { name: 'no tolerance and a big increase', baseline: 1, current: 100, tolerance: null, kind: 'change' },
  ] as const)('$name → $kind', ({ baseline, current, tolerance, kind }) => {
    for (const metric of ['avgToolCalls', 'avgDurationMs', 'avgTokens', 'avgRepeatedCalls'] as const) {
      const diff = summaryDiff({ [metric]: baseline }, { [metric]: current }, tolerance);
      expect(diff.items.map((item) => [item.metric, item.kind])).toEqual([[metric, kind]]);
      expect(diff.summary.regressions).toBe(kind === 'regression' ? 1 : 0);
    }
  });

  it('S42 a baseline written before tokens were recorded (no avgTokens) gives no token item while the current has none either', () => {
    const older = makeReport([makeCaseResult(payment)]);
    delete older.summary.avgTokens;
    const diff = compareReports(older, makeReport([makeCaseResult(payment)], { avgTokens: null }), {
      costTolerance: 0.1,
    });
    expect(diff.items.filter((item) => item.metric === 'avgTokens')).toEqual([]);
    expect(diff.summary.avgTokens).toEqual({ baseline: null, current: null, delta: null });
  });

  it('S70 a rise in repeated calls is a cost regression beyond --cost-tolerance, a change within it', () => {
    const beyond = summaryDiff({ avgRepeatedCalls: 0.5 }, { avgRepeatedCalls: 1 }, 0.1);
    expect(beyond.items.map((item) => [item.metric, item.kind, item.message])).toEqual([
      [
        'avgRepeatedCalls',
        'regression',
        'avgRepeatedCalls rose from 0.5 to 1 (+0.5, +100.0%), more than the cost tolerance of 10% allows',
      ],
    ]);
    expect(summaryDiff({ avgRepeatedCalls: 1 }, { avgRepeatedCalls: 1.05 }, 0.1).items[0]?.kind).toBe('change');
  });

  it('names the tolerance in the message', () => {
    const [regression] = summaryDiff({ avgToolCalls: 3 }, { avgToolCalls: 3.4 }, 0.1).items;
    expect(regression?.message).toBe(
      'avgToolCalls rose from 3 to 3.4 (+0.4, +13.3%), more than the cost tolerance of 10% allows',
    );
    const [within] = summaryDiff({ avgToolCalls: 3 }, { avgToolCalls: 3.3 }, 0.1).items;
    expect(within?.message).toBe('avgToolCalls rose from 3 to 3.3 (+0.3, +10.0%), within the cost tolerance of 10%');
  });

  it.each([-0.1, Number.NaN, Number.POSITIVE_INFINITY])('rejects a tolerance of %s as an input error', (tolerance) => {
    expect(() => summaryDiff({}, {}, tolerance)).toThrow(InputError);
    expect(() => summaryDiff({}, {}, tolerance)).toThrow(/--cost-tolerance: found .*, expected a number ≥ 0/);
  });
});

describe('compareReports: verdict distribution (S19)', () => {
  it('S19 records each verdict whose count differs, absent counting 0, verdicts sorted', () => {
    const diff = summaryDiff(
      { verdictDistribution: { PASS: 3, REJECT: 1, REVISE: 1 } },
      { verdictDistribution: { MISSING: 1, PASS: 2, REVISE: 1, ZED: 0 } },
    );
    expect(diff.items).toEqual([
      {
        kind: 'change',
        scope: 'verdict',
        caseId: null,
        tool: null,
        metric: 'MISSING',
        baseline: 0,
        current: 1,
        delta: 1,
        message: 'MISSING verdicts rose from 0 to 1 (+1)',
      },
      {
        kind: 'change',
        scope: 'verdict',
        caseId: null,
        tool: null,
        metric: 'PASS',
        baseline: 3,
        current: 2,
        delta: -1,
        message: 'PASS verdicts fell from 3 to 2 (-1)',
      },
      {
        kind: 'change',
        scope: 'verdict',
        caseId: null,
        tool: null,
        metric: 'REJECT',
        baseline: 1,
        current: 0,
        delta: -1,
        message: 'REJECT verdicts fell from 1 to 0 (-1)',
      },
    ]);
    expect(diff.summary.status).toBe('changed');
  });

  it('S19 a verdict named like an Object member is counted, not read from the prototype', () => {
    const diff = summaryDiff({ verdictDistribution: {} }, { verdictDistribution: { constructor: 2 } });
    expect(diff.items.map(shape)).toEqual([
      {
        kind: 'change',
        scope: 'verdict',
        caseId: null,
        tool: null,
        metric: 'constructor',
        baseline: 0,
        current: 2,
        delta: 2,
      },
    ]);
  });
});

describe('compareReports: case status and verdict (S20)', () => {
  it.each([
    { baseline: 'passed', current: 'failed', kind: 'regression' },
    { baseline: 'passed', current: 'not_run', kind: 'regression' },
    { baseline: 'failed', current: 'passed', kind: 'improvement' },
    { baseline: 'not_run', current: 'passed', kind: 'improvement' },
    { baseline: 'failed', current: 'not_run', kind: 'change' },
    { baseline: 'not_run', current: 'failed', kind: 'change' },
  ] as const)('S20 status $baseline → $current is a $kind', ({ baseline, current, kind }) => {
    const diff = caseDiff([{ ...payment, status: baseline }], [{ ...payment, status: current }]);
    expect(caseLevelItems(diff).map(shape)).toEqual([
      { kind, scope: 'case', caseId: payment.caseId, tool: null, metric: 'status', baseline, current, delta: null },
    ]);
  });

  it('S20 the regression names the case and the checks now failing', () => {
    const diff = caseDiff(
      [payment],
      [{ ...payment, outcomes: { 'keyword-coverage': 'fail', 'evidence-coverage': 'fail' } }],
    );
    const [status] = caseLevelItems(diff);
    expect(status?.message).toBe(
      'payment-timeout-db-pool: status went from passed to failed; failing checks: evidence-coverage, keyword-coverage',
    );
    expect(diff.summary.status).toBe('regressed');
  });

  it('S20 a case that did not run gives its reason', () => {
    const diff = caseDiff(
      [payment],
      [
        {
          ...payment,
          status: 'not_run',
          reason: 'no trace fixture at eval/fixtures/payment-timeout-db-pool.json',
          required: null,
        },
      ],
    );
    expect(caseLevelItems(diff)[0]?.message).toBe(
      'payment-timeout-db-pool: status went from passed to not_run: no trace fixture at eval/fixtures/payment-timeout-db-pool.json',
    );
  });

  it.each([
    { baseline: 'PASS', current: 'REVISE' },
    { baseline: 'PASS', current: null },
    { baseline: null, current: 'REJECT' },
  ])('a verdict $baseline → $current is a change', ({ baseline, current }) => {
    const diff = caseDiff([{ ...payment, verdict: baseline }], [{ ...payment, verdict: current }]);
    expect(caseLevelItems(diff)).toEqual([
      {
        kind: 'change',
        scope: 'case',
        caseId: payment.caseId,
        tool: null,
        metric: 'verdict',
        baseline,
        current,
        delta: null,
        message: `payment-timeout-db-pool: verdict changed from ${baseline ?? 'none'} to ${current ?? 'none'}`,
      },
    ]);
  });

  it('an identical case gives no item', () => {
    expect(caseDiff([payment, cache], [payment, cache]).items).toEqual([]);
  });
});

describe('compareReports: checks', () => {
  it.each([
    { baseline: 'pass', current: 'fail', kind: 'regression' },
    { baseline: 'fail', current: 'pass', kind: 'improvement' },
  ] as const)('check $baseline → $current is a $kind', ({ baseline, current, kind }) => {
    // The status is held equal so that only the check item is left to assert on.
    const diff = caseDiff(
      [{ ...payment, status: 'failed', outcomes: { 'verdict-allowed': baseline } }],
      [{ ...payment, status: 'failed', outcomes: { 'verdict-allowed': current } }],
    );
    expect(caseLevelItems(diff).map(shape)).toEqual([
      {
        kind,
        scope: 'check',
        caseId: payment.caseId,
        tool: null,
        metric: 'verdict-allowed',
        baseline,
        current,
        delta: null,
      },
    ]);
  });

  it('a check regression names the case, the check and why it fails now', () => {
    const diff = caseDiff([payment], [{ ...payment, outcomes: { 'keyword-coverage': 'fail' } }]);
    expect(caseLevelItems(diff).find((item) => item.scope === 'check')?.message).toBe(
      'payment-timeout-db-pool: check keyword-coverage now fails: keyword-coverage message',
    );
  });

  // 'error' stands for an outcome a newer harness writes: its report says what it was, never a guess.
  it.each([
    ['pass', 'fail', 'check verdict-allowed now fails: verdict-allowed message', 'regression'],
    [
      'warn',
      'fail',
      'check verdict-allowed now fails (it warned in the baseline): verdict-allowed message',
      'regression',
    ],
    ['fail', 'pass', 'check verdict-allowed now passes (it failed in the baseline)', 'improvement'],
    ['warn', 'pass', 'check verdict-allowed now passes (it warned in the baseline)', 'improvement'],
    ['pass', 'warn', 'check verdict-allowed now warns (it passed in the baseline): verdict-allowed message', 'change'],
    ['fail', 'warn', 'check verdict-allowed now warns (it failed in the baseline): verdict-allowed message', 'change'],
    ['error', 'fail', 'check verdict-allowed now fails: verdict-allowed message', 'change'],
    ['error', 'pass', 'check verdict-allowed went from error to pass: verdict-allowed message', 'change'],
    ['error', 'warn', 'check verdict-allowed went from error to warn: verdict-allowed message', 'change'],
    ['pass', 'error', 'check verdict-allowed went from pass to error: verdict-allowed message', 'change'],
  ])('the message and kind of check %s → %s', (baseline, current, message, kind) => {
    const diff = caseDiff(
      [{ ...payment, status: 'failed', outcomes: { 'verdict-allowed': baseline as 'pass' } }],
      [{ ...payment, status: 'failed', outcomes: { 'verdict-allowed': current as 'pass' } }],
    );
    expect(caseLevelItems(diff).map((item) => item.message)).toEqual([`${payment.caseId}: ${message}`]);
    expect(caseLevelItems(diff).map((item) => item.kind)).toEqual([kind]);
  });

  it.each([
    { baseline: 'skip', current: 'fail' },
    { baseline: 'fail', current: 'skip' },
    { baseline: 'skip', current: 'pass' },
    { baseline: 'pass', current: 'skip' },
  ] as const)('a check that is skip on either side gives no item ($baseline → $current)', ({ baseline, current }) => {
    const diff = caseDiff(
      [{ ...payment, status: 'failed', outcomes: { 'degraded-output': baseline } }],
      [{ ...payment, status: 'failed', outcomes: { 'degraded-output': current } }],
    );
    expect(diff.items).toEqual([]);
  });

  it('a check absent on one side gives no item', () => {
    const baseline = makeCaseResult(payment);
    const current = makeCaseResult({ ...payment, outcomes: { 'duration-budget': 'fail' } });
    current.status = 'passed';
    baseline.checks = baseline.checks.filter((row) => row.check !== 'duration-budget');
    expect(compareReports(makeReport([baseline]), makeReport([current]), {}).items).toEqual([]);
  });

  it('check items follow CHECK_IDS order whatever the order of the rows, unknown check ids last', () => {
    const baseline = makeCaseResult({ ...payment, status: 'failed' });
    const current = makeCaseResult({
      ...payment,
      status: 'failed',
      outcomes: { 'duration-budget': 'fail', 'trace-loadable': 'fail', 'no-protocol-leak': 'fail' },
    });
    baseline.checks.push({ check: 'future-check', outcome: 'pass', message: '' });
    current.checks.unshift({ check: 'future-check', outcome: 'fail', message: '' });
    current.checks.reverse();
    const metrics = compareReports(makeReport([baseline]), makeReport([current]), {}).items.map((item) => item.metric);
    expect(metrics).toEqual(['trace-loadable', 'no-protocol-leak', 'duration-budget', 'future-check']);
  });
});

describe('compareReports: evidence coverage (S21)', () => {
  it('S21 a required tool going from covered to uncovered is a regression naming the case and tool', () => {
    const diff = caseDiff(
      [{ ...payment, status: 'failed' }],
      [{ ...payment, status: 'failed', covered: ['queryMetrics'] }],
    );
    expect(caseLevelItems(diff)).toEqual([
      {
        kind: 'regression',
        scope: 'evidence',
        caseId: 'payment-timeout-db-pool',
        tool: 'queryLogs',
        metric: 'coverage',
        baseline: 'covered',
        current: 'uncovered',
        delta: null,
        message: 'payment-timeout-db-pool: required evidence tool queryLogs is no longer covered',
      },
    ]);
    expect(diff.summary).toMatchObject({ status: 'regressed', regressions: 1 });
  });

  it('S21 uncovered → covered is an improvement', () => {
    const diff = caseDiff(
      [{ ...payment, status: 'failed', covered: [] }],
      [{ ...payment, status: 'failed', covered: ['queryLogs'] }],
    );
    expect(
      caseLevelItems(diff).map((item) => [item.kind, item.tool, item.baseline, item.current, item.message]),
    ).toEqual([
      [
        'improvement',
        'queryLogs',
        'uncovered',
        'covered',
        'payment-timeout-db-pool: required evidence tool queryLogs is now covered',
      ],
    ]);
  });

  it('S21 evidence items follow the baseline case-file order of tools', () => {
    const diff = caseDiff(
      [{ ...payment, status: 'failed', required: ['queryMetrics', 'queryLogs', 'queryTraces'] }],
      [{ ...payment, status: 'failed', required: ['queryTraces', 'queryLogs', 'queryMetrics'], covered: [] }],
    );
    expect(caseLevelItems(diff).map((item) => item.tool)).toEqual(['queryMetrics', 'queryLogs', 'queryTraces']);
  });

  it.each([
    {
      name: 'required in the baseline only',
      baseline: { required: ['queryLogs'] },
      current: { required: [], covered: [] },
    },
    {
      name: 'required now only',
      baseline: { required: [], covered: [] },
      current: { required: ['queryLogs'], covered: [] },
    },
    { name: 'no trace loaded now', baseline: { required: ['queryLogs'] }, current: { required: null } },
    {
      name: 'no trace loaded in the baseline',
      baseline: { required: null },
      current: { required: ['queryLogs'], covered: [] },
    },
  ])('S21 no evidence item when $name', ({ baseline, current }) => {
    const diff = caseDiff(
      [{ ...payment, status: 'failed', ...baseline }],
      [{ ...payment, status: 'failed', ...current }],
    );
    expect(diff.items.filter((item) => item.scope === 'evidence')).toEqual([]);
  });
});

describe('compareReports: case presence (S22, S23)', () => {
  it('S22 a baseline case absent now is one regression and nothing else for that case', () => {
    const diff = caseDiff([payment, { ...cache, outcomes: { 'verdict-allowed': 'fail' } }], [payment]);
    expect(caseLevelItems(diff)).toEqual([
      {
        kind: 'regression',
        scope: 'case',
        caseId: 'cache-avalanche',
        tool: null,
        metric: 'presence',
        baseline: 'present',
        current: 'absent',
        delta: null,
        message: 'cache-avalanche: case is missing from the current report (it was failed in the baseline)',
      },
    ]);
    expect(diff.summary).toMatchObject({ status: 'regressed', regressions: 1 });
  });

  it('S23 a case absent from the baseline is a change, not a regression, even when it fails', () => {
    const current = [
      makeCaseResult(payment),
      makeCaseResult({ ...disk, outcomes: { 'evidence-coverage': 'fail' }, covered: [] }),
    ];
    // The summary is held to the baseline's so that only the case items are compared.
    const baseline = makeReport([makeCaseResult(payment)]);
    const diff = compareReports(baseline, makeReport(current, baseline.summary), {});
    expect(caseLevelItems(diff)).toEqual([
      {
        kind: 'change',
        scope: 'case',
        caseId: 'disk-full-logs',
        tool: null,
        metric: 'presence',
        baseline: 'absent',
        current: 'present',
        delta: null,
        message: 'disk-full-logs: case is new, not in the baseline (now failed; failing checks: evidence-coverage)',
      },
    ]);
    expect(diff.summary.regressions).toBe(0);
  });
});

describe('compareReports: order and summary', () => {
  it('orders aggregate, verdict, then cases in baseline order with new cases last; within a case status, verdict, checks, evidence', () => {
    const baseline = makeReport(
      [makeCaseResult(cache), makeCaseResult({ ...payment, verdict: 'PASS' }), makeCaseResult({ caseId: 'gone' })],
      { avgToolCalls: 3, avgDurationMs: 100 },
    );
    const current = makeReport(
      [
        makeCaseResult({ caseId: 'new-b' }),
        makeCaseResult({
          ...payment,
          verdict: 'REVISE',
          outcomes: { 'verdict-allowed': 'fail', 'evidence-coverage': 'fail' },
          covered: ['queryMetrics'],
        }),
        makeCaseResult({ caseId: 'new-a', verdict: 'REJECT' }),
        makeCaseResult({ ...cache, status: 'failed' }),
      ],
      { avgToolCalls: 4, avgDurationMs: 90 },
    );
    const rows = compareReports(baseline, current, {}).items.map((item) =>
      [item.scope, item.caseId, item.metric, item.tool].filter((part) => part !== null).join(' '),
    );
    expect(rows).toEqual([
      'aggregate passRate',
      'aggregate avgToolCalls',
      'aggregate avgDurationMs',
      'verdict PASS',
      'verdict REJECT',
      'verdict REVISE',
      'case cache-avalanche status',
      'case payment-timeout-db-pool status',
      'case payment-timeout-db-pool verdict',
      'check payment-timeout-db-pool evidence-coverage',
      'check payment-timeout-db-pool verdict-allowed',
      'evidence payment-timeout-db-pool coverage queryLogs',
      'case gone presence',
      'case new-b presence',
      'case new-a presence',
    ]);
  });

  it.each([
    {
      name: 'regressed beats improved',
      baseline: [payment, { ...cache, status: 'failed' }],
      current: [{ ...payment, status: 'failed' }, cache],
      status: 'regressed',
      counts: [1, 1, 0],
    },
    // pass rate and payment's status improve; disk is new and PASS verdicts rise from 1 to 2
    {
      name: 'improved beats changed',
      baseline: [{ ...payment, status: 'failed' }],
      current: [payment, disk],
      status: 'improved',
      counts: [0, 2, 2],
    },
    // the case verdict, and the PASS and REVISE counts
    {
      name: 'changed',
      baseline: [payment],
      current: [{ ...payment, verdict: 'REVISE' }],
      status: 'changed',
      counts: [0, 0, 3],
    },
    { name: 'unchanged', baseline: [payment], current: [payment], status: 'unchanged', counts: [0, 0, 0] },
  ] satisfies { name: string; baseline: CaseSpec[]; current: CaseSpec[]; status: string; counts: number[] }[])(
    'summary status: $name',
    ({ baseline, current, status, counts }) => {
      const diff = caseDiff(baseline, current);
      const count = (kind: DiffItem['kind']) => diff.items.filter((item) => item.kind === kind).length;
      expect(diff.summary.status).toBe(status);
      expect([diff.summary.regressions, diff.summary.improvements, diff.summary.changes]).toEqual(counts);
      expect([count('regression'), count('improvement'), count('change')]).toEqual(counts);
    },
  );

  it('summary comparisons are always present, with null deltas where a value is null', () => {
    const diff = summaryDiff(
      { passRate: null, avgToolCalls: null, avgDurationMs: 5 },
      { passRate: null, avgToolCalls: null, avgDurationMs: null },
    );
    expect(diff.schemaVersion).toBe(2);
    expect(diff.summary).toEqual({
      status: 'changed',
      regressions: 0,
      improvements: 0,
      changes: 1,
      passRate: { baseline: null, current: null, delta: null },
      avgToolCalls: { baseline: null, current: null, delta: null },
      avgDurationMs: { baseline: 5, current: null, delta: null },
      avgTokens: { baseline: null, current: null, delta: null },
      avgRepeatedCalls: { baseline: null, current: null, delta: null },
      significance: expect.objectContaining({ repeatedCases: 0 }),
    });
  });

  it('is pure: the inputs are left as they were, and the same inputs give an equal diff whatever was compared in between or changed in an earlier diff', () => {
    const baseline = makeReport([makeCaseResult(payment), makeCaseResult(cache)]);
    const current = makeReport([
      makeCaseResult({ ...payment, outcomes: { 'evidence-coverage': 'fail' }, covered: [] }),
    ]);
    const before = JSON.stringify([baseline, current]);
    const first = compareReports(baseline, current, { costTolerance: 0.1 });
    expect(JSON.stringify([baseline, current])).toBe(before);
    const untouched = structuredClone(first);
    // What a shared memo would carry over: another pair of reports of the same case ids compared
    // in between, and the caller's changes to the first diff.
    const between = compareReports(current, baseline, { costTolerance: 0.1 });
    expect(between.summary.regressions).not.toBe(first.summary.regressions);
    first.items.length = 0;
    expect(compareReports(baseline, current, { costTolerance: 0.1 })).toEqual(untouched);
    expect(untouched.summary.regressions).toBeGreaterThan(0);
  });

  it('covers every check id in CHECK_IDS order when all flip', () => {
    const all = Object.fromEntries(CHECK_IDS.map((check) => [check, 'fail'])) as CaseSpec['outcomes'];
    const diff = caseDiff([{ ...payment, status: 'failed' }], [{ ...payment, status: 'failed', outcomes: all }]);
    expect(diff.items.filter((item) => item.scope === 'check').map((item) => item.metric)).toEqual([...CHECK_IDS]);
  });
});
