// `diagnosis-eval-harness/vitest`: Vitest matchers for diagnosis traces and reports.
// Importing this module registers them (expect.extend) and adds their types to Vitest's Assertion.
import { expect } from 'vitest';
import { compareReports } from './diff/compare.js';
import type { Diff } from './diff/types.js';
import { type CaseDefinition, type EvaluateTraceOptions, evaluateTrace } from './evaluate/evaluate-trace.js';
import { InputError } from './io/errors.js';
import { REPORT_SCHEMA } from './model/report-schema.js';
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
    let result: ReturnType<typeof evaluateTrace>;
    try {
      result = evaluateTrace(caseDefinition, received, options);
    } catch (error) {
      // A malformed case definition or options: the assertion fails with the reason, it never throws.
      return { pass: false, message: () => `expected a case definition and a trace to evaluate; ${reasonOf(error)}` };
    }
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
    const problem = reportProblem('the received value', received) ?? reportProblem('the baseline', baselineReport);
    if (problem !== null) {
      return {
        pass: false,
        message: () => `expected two reports (report.json objects with summary and cases) to compare; ${problem}`,
      };
    }
    let diff: Diff;
    try {
      diff = compareReports(baselineReport, received as Report, { costTolerance: options?.costTolerance ?? null });
    } catch (error) {
      return { pass: false, message: () => `expected two reports to compare; ${reasonOf(error)}` };
    }
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

/** What makes the value not a report.json object (checked against the report's schema), or null. */
function reportProblem(name: string, value: unknown): string | null {
  const result = REPORT_SCHEMA.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? '' : ` at ${issue.path.map(String).join('.')}`;
  return `${name} is not one${where}: ${(issue?.message ?? 'not a report').slice(0, 200)}`;
}

/** An InputError's problems one per line, each whole: cut at a length, the list would hide the problems after the first. */
function reasonOf(error: unknown): string {
  if (error instanceof InputError && error.problems.length > 1) {
    return `${error.problems.length} problems:\n${error.problems.map((problem) => `  - ${problem}`).join('\n')}`;
  }
  if (error instanceof InputError && error.problems.length === 1) return error.problems[0] ?? '';
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

expect.extend(diagEvalMatchers);
