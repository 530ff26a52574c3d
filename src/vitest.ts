// `diagnosis-eval-harness/vitest`: Vitest matchers for diagnosis traces and reports.
// Importing this module registers them (expect.extend) and adds their types to Vitest's Assertion.
import { expect } from 'vitest';
import { compareReports } from './diff/compare.js';
import type { Diff } from './diff/types.js';
import { type CaseDefinition, type EvaluateTraceOptions, evaluateTrace } from './library/evaluate-trace.js';
import type { Report } from './report/types.js';

export interface RegressionOptions {
  /** As `--cost-tolerance F`: an average cost up by more than F × the baseline's is a regression. */
  costTolerance?: number | null;
}

export interface DiagEvalMatchers<R = unknown> {
  /** The received trace document passes every check of the case (docs/contract.md §4). */
  toPassCase(caseDefinition: CaseDefinition, options?: EvaluateTraceOptions): R;
  /** The received report (report.json's object) has no regression against the baseline report. */
  toHaveNoRegressionsAgainst(baselineReport: Report, options?: RegressionOptions): R;
}

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: declaration merging needs Vitest's own type parameter default
  interface Assertion<T = any> extends DiagEvalMatchers<T> {}
  interface AsymmetricMatchersContaining extends DiagEvalMatchers {}
}

interface MatcherResult {
  pass: boolean;
  message: () => string;
  actual?: unknown;
  expected?: unknown;
}

function caseIdOf(caseDefinition: CaseDefinition): string {
  return typeof caseDefinition?.id === 'string' ? caseDefinition.id : '(no id)';
}

/** The matchers, for `expect.extend` in a setup of your own; importing this module already registers them. */
export const diagEvalMatchers = {
  toPassCase(received: unknown, caseDefinition: CaseDefinition, options?: EvaluateTraceOptions): MatcherResult {
    const result = evaluateTrace(caseDefinition, received, options);
    const id = caseIdOf(caseDefinition);
    const pass = result.status === 'passed';
    return {
      pass,
      message: () =>
        pass
          ? `expected the trace not to pass case "${id}", but every check passed or was skipped`
          : `expected the trace to pass case "${id}"; ${result.failedChecks.length === 1 ? '1 check fails' : `${result.failedChecks.length} checks fail`}:\n${result.failedChecks.map((failed) => `  - ${failed.check}: ${failed.message}`).join('\n')}`,
      actual: result.failedChecks.map((failed) => failed.check),
      expected: [],
    };
  },

  toHaveNoRegressionsAgainst(received: unknown, baselineReport: Report, options?: RegressionOptions): MatcherResult {
    if (!isReport(received) || !isReport(baselineReport)) {
      return {
        pass: false,
        message: () =>
          'expected two reports (report.json objects with summary and cases) to compare; received something else',
      };
    }
    const diff: Diff = compareReports(baselineReport, received, { costTolerance: options?.costTolerance ?? null });
    const regressions = diff.items.filter((item) => item.kind === 'regression');
    const pass = regressions.length === 0;
    return {
      pass,
      message: () =>
        pass
          ? `expected regressions against the baseline, found none (${diff.summary.improvements} improvements, ${diff.summary.changes} changes)`
          : `expected no regressions against the baseline; found ${regressions.length === 1 ? '1 regression' : `${regressions.length} regressions`}:\n${regressions.map((item) => `  - ${item.message}`).join('\n')}`,
      actual: regressions.map((item) => item.message),
      expected: [],
    };
  },
};

function isReport(value: unknown): value is Report {
  const candidate = value as Partial<Report> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.summary === 'object' &&
    Array.isArray(candidate.cases)
  );
}

expect.extend(diagEvalMatchers);
