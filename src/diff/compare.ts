import { InputError } from '../io/errors.js';
import { CHECK_IDS } from '../model/check-ids.generated.js';
import { requirementTools } from '../model/evidence-requirement.js';
import { round4 } from '../model/round.js';
import { compareText } from '../model/text-order.js';
import type { CaseResult, Report } from '../report/types.js';
import { signed } from '../view/format.js';
import { exactFigures } from './exact-figures.js';
import { firstById } from './first-by-id.js';
import {
  type CaseTests,
  checkAlpha,
  isRepeatedOnBothSides,
  kindOf,
  significanceText,
  testCases,
  testChecks,
} from './significance.js';
import {
  AGGREGATE_METRICS,
  type AggregateMetric,
  type CompareOptions,
  DIFF_SCHEMA_VERSION,
  type Diff,
  type DiffItem,
  type DiffKind,
  type DiffScope,
  type DiffSignificance,
  type DiffStatus,
  type DiffValue,
  type MetricComparison,
} from './types.js';

/**
 * Compares a current report with a baseline (docs/contract.md §7, S17–S23). Pure: the same reports
 * and options always give the same diff, items in the contract's order.
 */
export function compareReports(baseline: Report, current: Report, options: CompareOptions = {}): Diff {
  const costTolerance = checkCostTolerance(options.costTolerance);
  const before = exactFigures(baseline);
  const after = exactFigures(current);
  // S77: cases with repeated runs in both reports are judged on significance (significance.ts).
  const tests = testCases(baseline, current, checkAlpha(options.alpha));
  const comparisons = Object.fromEntries(
    AGGREGATE_METRICS.map((metric) => [
      metric,
      {
        // Reports written before token usage (or repeated calls, S70) was recorded have no figure, like null.
        baseline: baseline.summary[metric] ?? null,
        current: current.summary[metric] ?? null,
        delta: deltaOf(before[metric], after[metric]),
      },
    ]),
  ) as Record<AggregateMetric, MetricComparison>;
  const items: DiffItem[] = [
    ...AGGREGATE_METRICS.flatMap((metric) => {
      const compared = compareAggregate(metric, comparisons[metric], before[metric], after[metric], costTolerance);
      return metric === 'passRate' && tests.summary.repeatedCases > 0 ? compared.map(decidedCaseByCase) : compared;
    }),
    ...compareVerdictDistribution(baseline.summary.verdictDistribution, current.summary.verdictDistribution),
    ...compareCases(baseline.cases, current.cases, tests),
  ];
  const count = (kind: DiffKind): number => items.filter((entry) => entry.kind === kind).length;
  const [regressions, improvements, changes] = [count('regression'), count('improvement'), count('change')];
  return {
    schemaVersion: DIFF_SCHEMA_VERSION,
    summary: {
      status: statusOf(regressions, improvements, changes),
      regressions,
      improvements,
      changes,
      ...comparisons,
      significance: tests.summary,
    },
    items,
  };
}

function checkCostTolerance(tolerance: number | null | undefined): number | null {
  if (tolerance === undefined || tolerance === null) return null;
  if (!Number.isFinite(tolerance) || tolerance < 0) {
    throw new InputError(
      `--cost-tolerance: found ${String(tolerance)}, expected a number ≥ 0 (a fraction of the baseline, e.g. 0.1 for 10%)`,
    );
  }
  return tolerance;
}

function statusOf(regressions: number, improvements: number, changes: number): DiffStatus {
  if (regressions > 0) return 'regressed';
  if (improvements > 0) return 'improved';
  if (changes > 0) return 'changed';
  return 'unchanged';
}

function deltaOf(baseline: DiffValue, current: DiffValue): number | null {
  return typeof baseline === 'number' && typeof current === 'number' ? round4(current - baseline) : null;
}

interface ItemFields {
  kind: DiffKind;
  scope: DiffScope;
  caseId?: string;
  tool?: string;
  metric: string;
  baseline: DiffValue;
  current: DiffValue;
  /** The figures the delta is taken from, when they are more exact than the values shown. */
  exact?: [number, number];
  message: string;
}

/** Builds an item with the contract's key order and the delta every item kind shares. */
function item(fields: ItemFields): DiffItem {
  return {
    kind: fields.kind,
    scope: fields.scope,
    caseId: fields.caseId ?? null,
    tool: fields.tool ?? null,
    metric: fields.metric,
    baseline: fields.baseline,
    current: fields.current,
    delta: fields.exact === undefined ? deltaOf(fields.baseline, fields.current) : deltaOf(...fields.exact),
    message: fields.message,
  };
}

/**
 * S17, S18. A figure that is null on one side (a report without cases has no pass rate, an
 * average no case had) has no direction: it is reported as a change, since there is nothing to
 * measure the move against. The pass rate falling is a regression; a cost rising is one only
 * beyond the cost tolerance.
 */
function compareAggregate(
  metric: AggregateMetric,
  { baseline, current }: MetricComparison,
  exactBaseline: number | null,
  exactCurrent: number | null,
  tolerance: number | null,
): DiffItem[] {
  if (baseline === current) return [];
  const fields = { scope: 'aggregate', metric, baseline, current } as const;
  if (baseline === null || current === null || exactBaseline === null || exactCurrent === null) {
    return [item({ ...fields, kind: 'change', message: appearedOrVanished(metric, baseline, current) })];
  }
  const rose = current > baseline;
  const measured = { ...fields, exact: [exactBaseline, exactCurrent] as [number, number] };
  const movement = `${metric} ${rose ? 'rose' : 'fell'} from ${baseline} to ${current} (${signed(round4(exactCurrent - exactBaseline))}`;
  if (metric === 'passRate') {
    return [item({ ...measured, kind: rose ? 'improvement' : 'regression', message: `${movement})` })];
  }
  const moved = `${movement}${relativeChange(exactBaseline, exactCurrent)})`;
  if (tolerance === null || !rose) return [item({ ...measured, kind: 'change', message: moved })];
  const allowed = `the cost tolerance of ${round4(tolerance * 100)}%`;
  // A zero baseline allows no increase at all: any rise from nothing is beyond every fraction of it.
  if (exceeds(current - baseline, tolerance * baseline, baseline, current)) {
    return [item({ ...measured, kind: 'regression', message: `${moved}, more than ${allowed} allows` })];
  }
  return [item({ ...measured, kind: 'change', message: `${moved}, within ${allowed}` })];
}

/**
 * `increase > limit`, ignoring the last bits of floating-point noise so that an increase of exactly
 * F × baseline (3 → 3.3 with F = 0.1, where 3.3 − 3 and 0.1 × 3 differ in the 16th digit) is not a regression.
 */
function exceeds(increase: number, limit: number, baseline: number, current: number): boolean {
  const noise = 1e-12 * Math.max(1, Math.abs(baseline), Math.abs(current));
  return increase - limit > noise;
}

// S19
function compareVerdictDistribution(baseline: Record<string, number>, current: Record<string, number>): DiffItem[] {
  const verdicts = [...new Set([...Object.keys(baseline), ...Object.keys(current)])].sort();
  return verdicts.flatMap((verdict) => {
    const before = countOf(baseline, verdict);
    const after = countOf(current, verdict);
    if (before === after) return [];
    const message = `${verdict} verdicts ${after > before ? 'rose' : 'fell'} from ${before} to ${after} (${signed(after - before)})`;
    return [item({ kind: 'change', scope: 'verdict', metric: verdict, baseline: before, current: after, message })];
  });
}

// Own keys only: a verdict named like an Object.prototype member must not read the prototype.
function countOf(distribution: Record<string, number>, verdict: string): number {
  return Object.hasOwn(distribution, verdict) ? (distribution[verdict] ?? 0) : 0;
}

/**
 * pass^K falls whenever one run of one case fails: with repeated runs the cases' tests decide
 * (S77), and the pass rate's move is reported as a change.
 */
function decidedCaseByCase(passRate: DiffItem): DiffItem {
  return {
    ...passRate,
    kind: 'change',
    message: `${passRate.message}; with repeated runs each case is judged on significance instead`,
  };
}

function compareCases(baselineCases: CaseResult[], currentCases: CaseResult[], tests: CaseTests): DiffItem[] {
  const baselineById = firstById(baselineCases, (result) => result.caseId);
  const currentById = firstById(currentCases, (result) => result.caseId);
  return [
    ...[...baselineById.values()].flatMap((before) => {
      const after = currentById.get(before.caseId);
      return after === undefined ? [missingCase(before)] : compareCase(before, after, tests);
    }),
    ...[...currentById.values()].filter((after) => !baselineById.has(after.caseId)).map(newCase),
  ];
}

/** S22: a vanished case is one regression; comparing its checks against nothing would only repeat it. */
function missingCase(before: CaseResult): DiffItem {
  const moved = `case is missing from the current report (it was ${before.status} in the baseline)`;
  return caseItem('regression', before.caseId, 'presence', ['present', 'absent'], moved);
}

/** S23: a new case is a change. */
function newCase(after: CaseResult): DiffItem {
  const moved = `case is new, not in the baseline (now ${after.status}${statusDetail(after)})`;
  return caseItem('change', after.caseId, 'presence', ['absent', 'present'], moved);
}

/** An item of a case's own field: its presence, status or verdict. */
function caseItem(
  kind: DiffKind,
  caseId: string,
  metric: string,
  [baseline, current]: readonly [DiffValue, DiffValue],
  moved: string,
): DiffItem {
  return item({ kind, scope: 'case', caseId, metric, baseline, current, message: `${caseId}: ${moved}` });
}

function compareCase(before: CaseResult, after: CaseResult, tests: CaseTests): DiffItem[] {
  if (isRepeatedOnBothSides(before, after)) {
    const caseTest = tests.byCase.get(after.caseId) ?? null;
    // The evidence of a repeated case is its evidence-coverage check's runs, compared with the checks.
    return [
      ...(caseTest === null ? [] : [rateItem(after.caseId, null, caseTest)]),
      ...compareVerdict(before, after),
      ...[...testChecks(before, after, caseTest, tests.summary.alpha)]
        .sort(([a], [b]) => checkRank(a) - checkRank(b) || compareText(a, b))
        .map(([check, significance]) => rateItem(after.caseId, check, significance)),
    ];
  }
  return [
    ...compareStatus(before, after),
    ...compareVerdict(before, after),
    ...compareChecks(before, after),
    ...compareEvidence(before, after),
  ];
}

/**
 * S77: a rate over the runs of a case repeated on both sides, judged on significance: the case's
 * run pass rate, or (given a check) the check's failure rate.
 */
function rateItem(caseId: string, check: string | null, significance: DiffSignificance): DiffItem {
  const { baselinePassed, baselineRuns, currentPassed, currentRuns } = significance;
  const beforeFailed = baselineRuns - baselinePassed;
  const afterFailed = currentRuns - currentPassed;
  const before = round4((check === null ? baselinePassed : beforeFailed) / baselineRuns);
  const after = round4((check === null ? currentPassed : afterFailed) / currentRuns);
  const moved =
    check === null
      ? `run pass rate ${after < before ? 'fell' : 'rose'} from ${baselinePassed}/${baselineRuns} to ${currentPassed}/${currentRuns} (${signed(round4(after - before))})`
      : `check ${check} failed in ${afterFailed}/${currentRuns} runs (${beforeFailed}/${baselineRuns} in the baseline)`;
  return {
    ...item({
      kind: kindOf(significance),
      scope: check === null ? 'case' : 'check',
      caseId,
      metric: check ?? 'runPassRate',
      baseline: before,
      current: after,
      message: `${caseId}: ${moved}: ${significanceText(significance)}`,
    }),
    significance,
  };
}

const CHECK_RANK: ReadonlyMap<string, number> = new Map(CHECK_IDS.map((id, index) => [id, index]));

/** Known checks in check order, unknown ones after them. */
function checkRank(check: string): number {
  return CHECK_RANK.get(check) ?? CHECK_IDS.length;
}

/** S20: a case's status moving from `passed` is a regression, to `passed` an improvement, else a change. */
function compareStatus(before: CaseResult, after: CaseResult): DiffItem[] {
  if (before.status === after.status) return [];
  const kind = before.status === 'passed' ? 'regression' : after.status === 'passed' ? 'improvement' : 'change';
  const moved = `status went from ${before.status} to ${after.status}${statusDetail(after)}`;
  return [caseItem(kind, after.caseId, 'status', [before.status, after.status], moved)];
}

/** A verdict moving is a change. */
function compareVerdict(before: CaseResult, after: CaseResult): DiffItem[] {
  if (before.verdict === after.verdict) return [];
  const moved = `verdict changed from ${before.verdict ?? 'none'} to ${after.verdict ?? 'none'}`;
  return [caseItem('change', after.caseId, 'verdict', [before.verdict, after.verdict], moved)];
}

/** What a reader needs to act on a case that is not passing: which checks failed, or why it did not run. */
function statusDetail(caseResult: CaseResult): string {
  if (caseResult.status === 'not_run' && caseResult.reason) return `: ${caseResult.reason}`;
  if (caseResult.status === 'failed' && caseResult.failedChecks.length > 0) {
    return `; failing checks: ${caseResult.failedChecks.map((failed) => failed.check).join(', ')}`;
  }
  return '';
}

/**
 * How a check's outcome moved (docs/contract.md §7). A skip means the check did not apply on that
 * side, and a missing row that it was off, so neither is compared. `warn` is a problem found
 * under severity `warn`: it moving to `fail` is a regression, `pass` → `warn` a change (the case
 * still passes), `warn` → `pass` an improvement, and `fail` → `warn` a change (the same problem is
 * still found; only its severity differs). Outcomes this version does not know compare as text: a
 * change when they differ. Check ids this version does not know (from a newer harness) follow
 * the known ones, in the order they first appear.
 */
const CHECK_MOVES: ReadonlyMap<string, { kind: DiffKind; moved: string }> = new Map([
  ['pass>fail', { kind: 'regression', moved: 'now fails' }],
  ['warn>fail', { kind: 'regression', moved: 'now fails (it warned in the baseline)' }],
  ['fail>pass', { kind: 'improvement', moved: 'now passes (it failed in the baseline)' }],
  ['warn>pass', { kind: 'improvement', moved: 'now passes (it warned in the baseline)' }],
  ['pass>warn', { kind: 'change', moved: 'now warns (it passed in the baseline)' }],
  ['fail>warn', { kind: 'change', moved: 'now warns (it failed in the baseline)' }],
]);

const KNOWN_CHECKS: ReadonlySet<string> = new Set<string>(CHECK_IDS);

function compareChecks(before: CaseResult, after: CaseResult): DiffItem[] {
  const beforeRows = firstById(before.checks, (row) => row.check);
  const afterRows = firstById(after.checks, (row) => row.check);
  const unknown = [...beforeRows.keys(), ...afterRows.keys()].filter((check) => !KNOWN_CHECKS.has(check));
  return [...new Set<string>([...CHECK_IDS, ...unknown])].flatMap((check) => {
    const beforeRow = beforeRows.get(check);
    const afterRow = afterRows.get(check);
    if (beforeRow === undefined || afterRow === undefined) return [];
    if (beforeRow.outcome === afterRow.outcome || beforeRow.outcome === 'skip' || afterRow.outcome === 'skip')
      return [];
    const { kind, moved } = checkMove(beforeRow.outcome, afterRow);
    return [
      item({
        kind,
        scope: 'check',
        caseId: after.caseId,
        metric: check,
        baseline: beforeRow.outcome,
        current: afterRow.outcome,
        message: `${after.caseId}: check ${check} ${moved}`,
      }),
    ];
  });
}

/** A known move as CHECK_MOVES says it, followed by the current row's message unless the check now passes. */
function checkMove(before: string, after: { outcome: string; message: string }): { kind: DiffKind; moved: string } {
  const reason = after.message ? `: ${after.message}` : '';
  const known = CHECK_MOVES.get(`${before}>${after.outcome}`);
  if (known !== undefined) return after.outcome === 'pass' ? known : { ...known, moved: `${known.moved}${reason}` };
  // An outcome of a newer harness in the baseline is named as written, never guessed.
  const moved = after.outcome === 'fail' ? 'now fails' : `went from ${before} to ${after.outcome}`;
  return { kind: 'change', moved: `${moved}${reason}` };
}

/**
 * S21. A side without evidence coverage (no trace loaded) says nothing about any tool; the
 * status and `trace-loadable` items already report that. A tool required on one side only
 * reflects a case-file edit, not agent behaviour, so it gives no item either.
 */
function compareEvidence(before: CaseResult, after: CaseResult): DiffItem[] {
  const { evidenceCoverage: beforeCoverage } = before;
  const { evidenceCoverage: afterCoverage, caseId } = after;
  if (beforeCoverage === null || afterCoverage === null) return [];
  return [...new Set(beforeCoverage.required)].flatMap((tool) => {
    if (!afterCoverage.required.includes(tool)) return [];
    // A `{ any: [...] }` requirement is covered by whichever of its tools covered it.
    const tools = requirementTools(tool);
    const wasCovered = tools.some((name) => beforeCoverage.covered.includes(name));
    const isCovered = tools.some((name) => afterCoverage.covered.includes(name));
    if (wasCovered === isCovered) return [];
    return [
      item({
        kind: wasCovered ? 'regression' : 'improvement',
        scope: 'evidence',
        caseId,
        tool,
        metric: 'coverage',
        baseline: wasCovered ? 'covered' : 'uncovered',
        current: isCovered ? 'covered' : 'uncovered',
        message: `${caseId}: required evidence tool ${tool} is ${wasCovered ? 'no longer' : 'now'} covered`,
      }),
    ];
  });
}

function appearedOrVanished(metric: string, baseline: number | null, current: number | null): string {
  return current === null
    ? `${metric} has no value now (it was ${baseline} in the baseline)`
    : `${metric} is now ${current} (the baseline had no value)`;
}

function relativeChange(baseline: number, current: number): string {
  if (baseline === 0) return '';
  const percent = ((current - baseline) / baseline) * 100;
  return `, ${percent > 0 ? '+' : '-'}${Math.abs(percent).toFixed(1)}%`;
}
