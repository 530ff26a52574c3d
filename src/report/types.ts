/** The report JSON (docs/contract.md §6). Key order in these interfaces is the key order written. */

import type { KeywordConcept } from '../cases/types.js';

export type CheckOutcome = 'pass' | 'fail' | 'skip';
export type CaseStatus = 'passed' | 'failed' | 'not_run';

export interface CheckRow {
  check: string;
  outcome: CheckOutcome;
  message: string;
}

export interface FailedCheck {
  check: string;
  message: string;
}

export interface EvidenceCoverage {
  required: string[];
  covered: string[];
  missing: string[];
  /** null when no tool is required. */
  ratio: number | null;
}

export interface KeywordCoverage {
  concepts: number;
  covered: number;
  /** null when the case has no keywords. */
  ratio: number | null;
  min: number;
  /** The uncovered concepts as written in the case file. */
  missing: KeywordConcept[];
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
