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
}

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
  /** S70: the average of the cases' repeated calls. */
  avgRepeatedCalls?: MetricComparison;
}

export interface Diff {
  schemaVersion: 1;
  summary: DiffSummary;
  items: DiffItem[];
}

export interface CompareOptions {
  /**
   * `--cost-tolerance F`: an average cost that rises by more than F × its baseline value is a
   * regression instead of a change. null or absent: cost changes are never regressions.
   */
  costTolerance?: number | null;
}
