import { InputError } from '../io/errors.js';
import { round4 } from '../model/round.js';
import type { CaseResult, Report } from '../report/types.js';
import { fisherExactOneSided } from '../stats/fisher.js';
import { holmAdjust } from '../stats/holm.js';
import { checkFailureCounts } from '../stats/run-statistics.js';
import { runsToDetectDrop } from '../stats/sample-size.js';
import { firstById } from './first-by-id.js';
import type { DiffKind, DiffSignificance, SignificanceSummary } from './types.js';

/**
 * The significance-aware half of the diff (docs/contract.md §7, S77). An agent is not
 * deterministic: a case run K times passes a share of its runs, and that share moves by chance.
 * When a case has repeated runs in both reports, its passes and failures form a 2×2 table
 * (baseline / current × passed / failed), and a one-sided Fisher exact test says how likely a
 * drop at least this large is if nothing changed. The p-values of the cases are corrected for
 * their number with Holm's method, so that a suite of many cases does not raise a false alarm
 * every twentieth run. A drop is a `regression` when its adjusted p-value is at most α, and
 * `within noise` otherwise; a rise is an `improvement` on the same terms. What is
 * deterministic stays a regression whatever the test says: every run passed before and none does
 * now (or a check passed in every run and fails in every run).
 *
 * A check's rows of a repeated case are compared the same way, on the runs it failed in; a check
 * counts as a regression only when its case is one (or deterministically), so that the gate's
 * family of tests is the suite's cases.
 */

export const DEFAULT_ALPHA = 0.05;

/** The power the runs needed (S78) are computed for. */
export const PLAN_POWER = 0.8;

export function checkAlpha(alpha: number | null | undefined): number {
  if (alpha === undefined || alpha === null) return DEFAULT_ALPHA;
  if (!Number.isFinite(alpha) || alpha <= 0 || alpha > 0.5) {
    throw new InputError(`--alpha: found ${String(alpha)}, expected a number greater than 0 and at most 0.5`);
  }
  return alpha;
}

/** Passes out of runs: of a case, or of a check (runs it did not fail, out of the runs that judged it). */
interface Counts {
  passed: number;
  runs: number;
}

/** A case both reports ran more than once. */
export function isRepeatedOnBothSides(before: CaseResult, after: CaseResult): boolean {
  return (before.runs?.length ?? 0) > 1 && (after.runs?.length ?? 0) > 1;
}

export interface CaseTests {
  /** The case's comparison, by case id; only cases repeated on both sides. */
  readonly byCase: ReadonlyMap<string, DiffSignificance | null>;
  readonly summary: SignificanceSummary;
}

/** Tests every case repeated in both reports, with Holm's correction over them. */
export function testCases(baseline: Report, current: Report, alpha: number): CaseTests {
  const currentById = firstById(current.cases, (result) => result.caseId);
  const tested = new Map<string, [Counts, Counts]>();
  for (const before of firstById(baseline.cases, (result) => result.caseId).values()) {
    const after = currentById.get(before.caseId);
    if (after === undefined || !isRepeatedOnBothSides(before, after)) continue;
    tested.set(before.caseId, [caseCounts(before), caseCounts(after)]);
  }
  const results = judge([...tested.values()], alpha);
  return {
    byCase: new Map([...tested.keys()].map((caseId, index) => [caseId, results[index] ?? null])),
    summary: {
      test: 'fisher-exact-one-sided',
      correction: 'holm',
      alpha,
      repeatedCases: tested.size,
      note:
        tested.size > 0
          ? null
          : 'significance needs repeated runs on both sides: without them each change is judged on one run; run the cases K times (live: --ask --repeat K; offline: <name>.run1.json … <name>.runK.json fixtures)',
    },
  };
}

/**
 * The checks of a case repeated on both sides that failed in some run on either side, by check id:
 * the runs each did not fail, out of the runs judged, compared as the case is, with Holm's
 * correction over the case's checks. Checks whose failure rate did not move are left out.
 */
export function testChecks(
  before: CaseResult,
  after: CaseResult,
  caseResult: DiffSignificance | null,
  alpha: number,
): Map<string, DiffSignificance> {
  // Counted from the runs: a report of version 1 has no checkFailureRates.
  const beforeFailures = checkFailureCounts(before.runs ?? []);
  const afterFailures = checkFailureCounts(after.runs ?? []);
  const beforeJudged = judgedRuns(before);
  const afterJudged = judgedRuns(after);
  const compared =
    beforeJudged > 0 && afterJudged > 0 ? [...new Set([...beforeFailures.keys(), ...afterFailures.keys()])] : [];
  const pairs: [Counts, Counts][] = compared.map((check) => [
    { passed: beforeJudged - (beforeFailures.get(check) ?? 0), runs: beforeJudged },
    { passed: afterJudged - (afterFailures.get(check) ?? 0), runs: afterJudged },
  ]);
  const results = judge(pairs, alpha);
  const byCheck = new Map<string, DiffSignificance>();
  compared.forEach((check, index) => {
    const result = results[index];
    if (result === null || result === undefined) return;
    // The gate's family is the cases: a check moves the gate only with its case, or deterministically.
    const verdict =
      result.deterministic || result.verdict === 'within noise' || caseResult?.verdict === result.verdict
        ? result.verdict
        : 'within noise';
    byCheck.set(check, { ...result, verdict });
  });
  return byCheck;
}

/** The diff item kind of a verdict. */
export function kindOf(significance: DiffSignificance): DiffKind {
  return significance.verdict === 'within noise' ? 'change' : significance.verdict;
}

/** `p = 0.0016 (Holm 0.0031) ≤ α 0.05`, and for a drop within noise the runs that would tell. */
export function significanceText(significance: DiffSignificance): string {
  if (significance.deterministic)
    return `${significance.verdict}: deterministic (passed in all ${significance.baselineRuns} runs before, in none of ${significance.currentRuns} now)`;
  const comparison = significance.adjustedPValue <= significance.alpha ? '≤' : '>';
  const test = `p = ${significance.pValue} (Holm ${significance.adjustedPValue}) ${comparison} α ${significance.alpha}`;
  // A check's own test may clear α while its case's does not: the gate's family is the cases (testChecks).
  const heldBack = significance.verdict === 'within noise' && comparison === '≤' ? '; its case is within noise' : '';
  const needed =
    significance.runsNeeded === null
      ? ''
      : `; ${significance.runsNeeded} runs per side would detect this drop (power ${PLAN_POWER * 100}%)`;
  return `${significance.verdict}, ${test}${heldBack}${needed}`;
}

/**
 * One comparison per pair of counts whose rates differ (null where they do not): each tested in
 * the direction it moved, the p-values of drops and of rises each corrected with Holm over all pairs.
 */
function judge(pairs: readonly [Counts, Counts][], alpha: number): (DiffSignificance | null)[] {
  const lower = pairs.map(([before, after]) => fisherExactOneSided(tableOf(before, after), 'lower'));
  const higher = pairs.map(([before, after]) => fisherExactOneSided(tableOf(before, after), 'higher'));
  const lowerAdjusted = holmAdjust(lower);
  const higherAdjusted = holmAdjust(higher);
  return pairs.map(([before, after], index) => {
    const beforeRate = before.passed / before.runs;
    const afterRate = after.passed / after.runs;
    if (beforeRate === afterRate) return null;
    const fell = afterRate < beforeRate;
    const pValue = (fell ? lower : higher)[index] as number;
    const adjustedPValue = (fell ? lowerAdjusted : higherAdjusted)[index] as number;
    const deterministic = fell && before.passed === before.runs && after.passed === 0;
    const significant = adjustedPValue <= alpha;
    return {
      verdict: deterministic || significant ? (fell ? 'regression' : 'improvement') : 'within noise',
      deterministic,
      baselinePassed: before.passed,
      baselineRuns: before.runs,
      currentPassed: after.passed,
      currentRuns: after.runs,
      pValue: roundP(pValue),
      adjustedPValue: roundP(adjustedPValue),
      alpha,
      runsNeeded:
        fell && !significant && !deterministic
          ? runsToDetectDrop(beforeRate, beforeRate - afterRate, alpha, PLAN_POWER)
          : null,
    };
  });
}

/** Current above, baseline below: the lower tail of the current passes is a drop. */
function tableOf(before: Counts, after: Counts) {
  return { a: after.passed, b: after.runs - after.passed, c: before.passed, d: before.runs - before.passed };
}

function caseCounts(result: CaseResult): Counts {
  const runs = result.runs ?? [];
  return { passed: runs.filter((run) => run.status === 'passed').length, runs: runs.length };
}

function judgedRuns(result: CaseResult): number {
  return (result.runs ?? []).filter((run) => run.status !== 'not_run').length;
}

/** p-values to 4 significant places below 0.0001, else 4 decimal places: small ones must not print as 0. */
function roundP(p: number): number {
  return p >= 0.0001 ? round4(p) : Number(p.toPrecision(4));
}
