/**
 * The report JSON (docs/contract.md §6). Key order in these interfaces is the key order written.
 * Fields marked optional are always written by this version but absent from reports written
 * before it, which the diff still reads.
 */

import type { CaseStatus, ReportedOutcome } from '../model/outcomes.js';
import type { EvidenceCoverage, KeywordCoverage } from '../model/coverage.js';

export type { CaseStatus, CheckOutcome, ReportedOutcome } from '../model/outcomes.js';
export type { EvidenceCoverage, KeywordCoverage, UnassertedConcept } from '../model/coverage.js';

export interface CheckRow {
  check: string;
  outcome: ReportedOutcome;
  message: string;
}

export interface FailedCheck {
  check: string;
  message: string;
}

/** One run of a case, kept in report.json when a case is asked several times (live mode, `--repeat`). */
export interface RunResult {
  sessionId: string | null;
  status: CaseStatus;
  reason: string | null;
  verdict: string | null;
  failedChecks: FailedCheck[];
  toolCallCount: number | null;
  durationMs: number | null;
  /** Input + output tokens of the run's trace (`usage`); null when it records none. */
  tokens?: number | null;
}

export interface CaseResult {
  caseId: string;
  /** Only in a sharded run's report (`run --shard`): the case's position in the case file, from 0, so merge restores the order. */
  caseIndex?: number;
  status: CaseStatus;
  /** Set for `not_run`, else null. */
  reason: string | null;
  verdict: string | null;
  failedChecks: FailedCheck[];
  /** Checks with outcome `warn` (severity `warn`), in check order; they do not fail the case. */
  warnedChecks?: FailedCheck[];
  checks: CheckRow[];
  /** null when no trace was loaded. */
  evidenceCoverage: EvidenceCoverage | null;
  keywordCoverage: KeywordCoverage | null;
  toolCallCount: number | null;
  durationMs: number | null;
  /** Input + output tokens of the trace (`usage`); null when it records none or no trace was loaded. */
  tokens?: number | null;
  traceFixture: string | null;
  /** Only with `--repeat`. */
  runs?: RunResult[];
  passedRuns?: number;
  flaky?: boolean;
}

export interface ReportSummary {
  total: number;
  passed: number;
  failed: number;
  notRun: number;
  /** Cases with at least one check of outcome `warn`, whatever their status. */
  casesWithWarnings?: number;
  passRate: number | null;
  verdictDistribution: Record<string, number>;
  avgToolCalls: number | null;
  avgDurationMs: number | null;
  avgTokens?: number | null;
  /** Only with `--repeat`. */
  repeat?: number;
  passAtK?: number | null;
  runPassRate?: number | null;
}

/** Which slice of the cases a sharded run evaluated (`run --shard i/n`); index from 1. */
export interface ReportShard {
  index: number;
  count: number;
}

export interface Report {
  schemaVersion: 1;
  /** Only in a sharded run's report; merge removes it. */
  shard?: ReportShard;
  /** Only in a sharded run's report: "sha256:<hex>" of the case file's bytes. */
  casesHash?: string;
  summary: ReportSummary;
  cases: CaseResult[];
}
