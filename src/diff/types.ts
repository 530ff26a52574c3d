/** The diff JSON (docs/contract.md §7). Key order in these interfaces is the key order written. */

export type DiffKind = 'regression' | 'improvement' | 'change';

export type DiffScope = 'aggregate' | 'verdict' | 'case' | 'check' | 'evidence';

export type DiffStatus = 'regressed' | 'improved' | 'changed' | 'unchanged';

/** A compared value as written in an item: a number, a string such as a status or `covered`, or null. */
export type DiffValue = number | string | null;

export interface DiffItem {
  kind: DiffKind;
  scope: DiffScope;
  /** null for `aggregate` and `verdict` items. */
  caseId: string | null;
  /** Set only for `evidence` items. */
  tool: string | null;
  /** `passRate`, a verdict, `status`, `verdict`, `presence`, a check id or `coverage`. */
  metric: string;
  baseline: DiffValue;
  current: DiffValue;
  /** current − baseline rounded to 4 places when both are numbers, else null. */
  delta: number | null;
  message: string;
  /** Only on items of cases repeated in both reports (S77): the exact test behind the kind. */
  significance?: DiffSignificance;
}

/**
 * How a repeated case's (or check's) passes moved, tested (docs/contract.md §7, S77): passes
 * out of runs on each side (for a check: runs it did not fail, out of runs judged), the one-sided
 * Fisher exact p-value in the direction of the move, the same corrected with Holm's method, and
 * the verdict at α. `runsNeeded`: for a drop within noise, the runs per side that would detect a
 * drop of that size at α with 80% power (S78), else null.
 */
export interface DiffSignificance {
  verdict: 'regression' | 'within noise' | 'improvement';
  /** Passed in every run before and in none now: a regression whatever the test says. */
  deterministic: boolean;
  baselinePassed: number;
  baselineRuns: number;
  currentPassed: number;
  currentRuns: number;
  pValue: number;
  adjustedPValue: number;
  alpha: number;
  runsNeeded: number | null;
}

/** How the diff tested (S77): the test, the correction, α, how many cases were repeated on both sides, and a note when none was. */
export interface SignificanceSummary {
  test: 'fisher-exact-one-sided';
  correction: 'holm';
  alpha: number;
  repeatedCases: number;
  note: string | null;
}

/** The summary figures a diff compares, in the order of its summary and of its aggregate items. */
export const AGGREGATE_METRICS = [
  'passRate',
  'avgToolCalls',
  'avgDurationMs',
  'avgTokens',
  'avgRepeatedCalls',
] as const;

export type AggregateMetric = (typeof AGGREGATE_METRICS)[number];

export interface MetricComparison {
  baseline: number | null;
  current: number | null;
  delta: number | null;
}

export interface DiffSummary {
  status: DiffStatus;
  regressions: number;
  improvements: number;
  changes: number;
  passRate: MetricComparison;
  avgToolCalls: MetricComparison;
  avgDurationMs: MetricComparison;
  avgTokens?: MetricComparison;
  avgRepeatedCalls?: MetricComparison;
  significance?: SignificanceSummary;
}

export interface Diff {
  schemaVersion: typeof DIFF_SCHEMA_VERSION;
  summary: DiffSummary;
  items: DiffItem[];
}

export interface CompareOptions {
  /**
   * `--cost-tolerance F`: an average cost that rises by more than F × its baseline value is a
   * regression instead of a change. null or absent: cost changes are never regressions.
   */
  costTolerance?: number | null;
  /** `--alpha`: the significance level of the tests of repeated cases (S77); default 0.05. */
  alpha?: number | null;
}

/** Version 2 added `significance` to the summary and to items of repeated cases (S77). */
export const DIFF_SCHEMA_VERSION = 2;
