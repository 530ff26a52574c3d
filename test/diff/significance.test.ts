import { describe, expect, it } from 'vitest';
import { compareReports } from '../../src/diff/compare.js';
import { renderDiffMarkdown } from '../../src/diff/render/markdown.js';
import { runsNeededLines } from '../../src/diff/render/runs-needed.js';
import { InputError } from '../../src/io/errors.js';
import type { CaseResult, RunResult } from '../../src/report/types.js';
import { makeCaseResult, makeReport } from './helpers.js';

/** A case asked `runs` times of which the first `passed` passed; the others failed `check`. */
function repeated(caseId: string, passed: number, runs: number, check = 'evidence-coverage'): CaseResult {
  const base = makeCaseResult({ caseId });
  const runResults: RunResult[] = Array.from({ length: runs }, (_, index) => ({
    sessionId: `${caseId}-${index + 1}`,
    status: index < passed ? 'passed' : 'failed',
    reason: null,
    verdict: 'PASS',
    failedChecks: index < passed ? [] : [{ check, message: `${check} failed` }],
    toolCallCount: 3,
    durationMs: 15000,
    tokens: null,
  }));
  return {
    ...base,
    status: passed === runs ? 'passed' : 'failed',
    failedChecks: passed === runs ? [] : [{ check, message: `run ${passed + 1}: ${check} failed` }],
    runs: runResults,
    passedRuns: passed,
    flaky: passed > 0 && passed < runs,
  };
}

function reportOf(cases: CaseResult[]) {
  return makeReport(cases, { repeat: Math.max(...cases.map((result) => result.runs?.length ?? 1)) });
}

describe('significance-aware diff (S77)', () => {
  it('S77 a true drop is a regression, a flaky wobble is within noise with its p-value, and each says why', () => {
    const diff = compareReports(
      reportOf([repeated('drops', 10, 10), repeated('wobbles', 8, 10), repeated('steady', 9, 10)]),
      reportOf([repeated('drops', 3, 10), repeated('wobbles', 6, 10), repeated('steady', 9, 10)]),
    );
    const cases = diff.items.filter((item) => item.scope === 'case');
    expect(cases.map((item) => [item.caseId, item.metric, item.kind, item.significance?.verdict])).toEqual([
      ['drops', 'runPassRate', 'regression', 'regression'],
      ['wobbles', 'runPassRate', 'change', 'within noise'],
    ]);
    // p = C(13,3)/C(20,10) = 286/184756; Holm over the 3 repeated cases multiplies the smallest by 3.
    expect(cases[0]?.significance).toMatchObject({ pValue: 0.0015, adjustedPValue: 0.0046, deterministic: false });
    expect(cases[0]?.message).toBe(
      'drops: run pass rate fell from 10/10 to 3/10 (-0.7): regression, p = 0.0015 (Holm 0.0046) ≤ α 0.05',
    );
    expect(cases[1]?.significance).toMatchObject({ pValue: 0.3142, runsNeeded: 74 });
    expect(cases[1]?.message).toContain('within noise, p = 0.3142');
    expect(diff.summary.regressions).toBe(2);
    expect(diff.items.filter((item) => item.kind === 'regression').map((item) => [item.scope, item.caseId])).toEqual([
      ['case', 'drops'],
      ['check', 'drops'],
    ]);
    expect(diff.summary.significance).toEqual({
      test: 'fisher-exact-one-sided',
      correction: 'holm',
      alpha: 0.05,
      repeatedCases: 3,
      note: null,
    });
  });

  it('S77 pass^K falling with repeated runs is a change, not a regression of its own', () => {
    const diff = compareReports(reportOf([repeated('wobbles', 3, 3)]), reportOf([repeated('wobbles', 2, 3)]));
    expect(diff.items.map((item) => [item.scope, item.metric, item.kind])).toEqual([
      ['aggregate', 'passRate', 'change'],
      ['case', 'runPassRate', 'change'],
      ['check', 'evidence-coverage', 'change'],
    ]);
    expect(diff.summary.regressions).toBe(0);
  });

  it('S77 what is deterministic stays a regression: passed in every run before, in none now', () => {
    const diff = compareReports(reportOf([repeated('broken', 2, 2)]), reportOf([repeated('broken', 0, 2)]));
    const [caseItem, checkItem] = diff.items.filter((item) => item.scope !== 'aggregate');
    // With two runs a side the exact test cannot reach 0.05 (p = 1/6), so only determinism decides.
    expect(caseItem?.significance).toMatchObject({ verdict: 'regression', deterministic: true, pValue: 0.1667 });
    expect(checkItem).toMatchObject({ kind: 'regression', scope: 'check', metric: 'evidence-coverage' });
    expect(caseItem?.message).toBe(
      'broken: run pass rate fell from 2/2 to 0/2 (-1): regression: deterministic (passed in all 2 runs before, in none of 2 now)',
    );
  });

  it('S77 a check whose own drop clears α while its case is within noise is within noise, and its message says why', () => {
    /** 20 runs: `failing[i]` is the check run i failed, or null for a passed run. */
    const runsOf = (failing: (string | null)[]): CaseResult => {
      const base = repeated('mixed', 0, failing.length);
      const runs = (base.runs ?? []).map((run, index) => {
        const check = failing[index] ?? null;
        return {
          ...run,
          status: check === null ? ('passed' as const) : ('failed' as const),
          failedChecks: check === null ? [] : [{ check, message: `${check} failed` }],
        };
      });
      const passed = runs.filter((run) => run.status === 'passed').length;
      return { ...base, status: 'failed', runs, passedRuns: passed, flaky: passed > 0 && passed < runs.length };
    };
    // Case: 16/20 → 12/20, p ≈ 0.15, within noise. Check keyword-coverage: failed in no run → in 8 of 20,
    // p = C(20,8)/C(40,8) ≈ 0.0016, Holm ×2 over the case's two moved checks ≈ 0.0033 ≤ 0.05.
    const before = runsOf([...Array(4).fill('evidence-coverage'), ...Array(16).fill(null)]);
    const after = runsOf([...Array(8).fill('keyword-coverage'), ...Array(12).fill(null)]);
    const diff = compareReports(reportOf([before]), reportOf([after]));
    const check = diff.items.find((item) => item.scope === 'check' && item.metric === 'keyword-coverage');
    expect(diff.items.find((item) => item.scope === 'case')?.significance?.verdict).toBe('within noise');
    expect(check?.significance).toMatchObject({ verdict: 'within noise', deterministic: false });
    expect(check?.significance?.adjustedPValue).toBeLessThanOrEqual(0.05);
    expect(check?.message).toMatch(/: within noise, p = [\d.]+ \(Holm [\d.]+\) ≤ α 0\.05; its case is within noise/u);
    expect(diff.summary.regressions).toBe(0);
  });

  it('S77 a significant rise is an improvement; a missing case stays a regression', () => {
    const diff = compareReports(
      reportOf([repeated('fixed', 2, 10), repeated('gone', 10, 10)]),
      reportOf([repeated('fixed', 10, 10)]),
    );
    expect(
      diff.items.filter((item) => item.scope === 'case').map((item) => [item.caseId, item.metric, item.kind]),
    ).toEqual([
      ['fixed', 'runPassRate', 'improvement'],
      ['gone', 'presence', 'regression'],
    ]);
  });

  it.each([
    ['the current report', [repeated('twice', 10, 10)], [repeated('twice', 3, 10), repeated('twice', 10, 10)]],
    ['the baseline', [repeated('twice', 10, 10), repeated('twice', 3, 10)], [repeated('twice', 3, 10)]],
  ])(
    'S77 a case id repeated in %s (a report built in code) is tested by its first entry, as it is compared',
    (_, baseline, current) => {
      const diff = compareReports(reportOf(baseline), reportOf(current));
      const caseItems = diff.items.filter((item) => item.scope === 'case');
      expect(caseItems.map((item) => [item.caseId, item.metric, item.kind])).toEqual([
        ['twice', 'runPassRate', 'regression'],
      ]);
      expect(caseItems[0]?.message).toMatch(
        /^twice: run pass rate fell from 10\/10 to 3\/10 \(-0\.7\): regression, p = /u,
      );
      expect(diff.summary.significance?.repeatedCases).toBe(1);
    },
  );
  it('S78 the runs-needed list says when a drop needs more runs than --repeat allows, as plan says it', () => {
    // 10/20 → 9/20 needs 1273 runs a side, beyond the 1000 that --repeat and run files allow.
    const diff = compareReports(reportOf([repeated('slight', 10, 20)]), reportOf([repeated('slight', 9, 20)]));
    expect(diff.items.find((item) => item.scope === 'case')?.significance?.runsNeeded).toBe(1273);
    expect(runsNeededLines(diff)).toEqual([
      'slight: with K=20 a drop from 50% to 45% cannot be told from noise; more than 1000 runs would be needed',
    ]);
    const fewer = compareReports(reportOf([repeated('wobbles', 8, 10)]), reportOf([repeated('wobbles', 6, 10)]));
    expect(runsNeededLines(fewer)).toEqual([
      'wobbles: with K=10 a drop from 80% to 60% cannot be told from noise; K ≥ 74 can',
    ]);
  });

  it('S77 --alpha moves the line between regression and noise', () => {
    const before = reportOf([repeated('wobbles', 8, 10)]);
    const after = reportOf([repeated('wobbles', 4, 10)]);
    // p = 0.0849 one-sided
    expect(compareReports(before, after).summary.regressions).toBe(0);
    expect(compareReports(before, after, { alpha: 0.1 }).summary.regressions).toBe(2);
  });

  it.each([0, -0.1, 0.51, Number.NaN])('S77 --alpha %s is refused naming what was found and expected', (alpha) => {
    const report = reportOf([repeated('a', 1, 2)]);
    expect(() => compareReports(report, report, { alpha })).toThrow(InputError);
    expect(() => compareReports(report, report, { alpha })).toThrow('expected a number greater than 0 and at most 0.5');
  });

  it('S77 with one run on either side the diff is as before and says that significance needs repeats', () => {
    const single = makeReport([makeCaseResult({ caseId: 'a' })]);
    const failing = makeReport([makeCaseResult({ caseId: 'a', outcomes: { 'evidence-coverage': 'fail' } })]);
    const diff = compareReports(single, failing);
    expect(diff.items.map((item) => [item.scope, item.metric, item.kind])).toEqual([
      ['aggregate', 'passRate', 'regression'],
      ['case', 'status', 'regression'],
      ['check', 'evidence-coverage', 'regression'],
    ]);
    expect(diff.items.every((item) => item.significance === undefined)).toBe(true);
    expect(diff.summary.significance?.note).toMatch(/^significance needs repeated runs on both sides/u);
    expect(renderDiffMarkdown(diff, { baselinePath: 'b.json', currentPath: 'c.json' })).toContain(
      'Significance: significance needs repeated runs on both sides',
    );
    // Repeated on one side only: still one run on the other, judged as before.
    const oneSided = compareReports(single, reportOf([repeated('a', 2, 3)]));
    expect(oneSided.items.find((item) => item.scope === 'case')).toMatchObject({
      metric: 'status',
      kind: 'regression',
    });
  });
});
