import { prototypeFreeRecord } from '../io/json/unsafe-keys.js';
import { REPORT_SCHEMA_VERSION } from '../model/report-version.js';
import { round4, round4OrNull } from '../model/round.js';
import { roundedWilson } from '../stats/run-statistics.js';
import type { CaseResult, Report, ReportSummary, RunResult } from './types.js';

/** The figures a summary averages and counts: one per case, or one per run with `--repeat`. */
export interface RunFigures {
  status: CaseResult['status'];
  /** False when no trace was loaded, so the run has no verdict to count. */
  traceLoaded: boolean;
  verdict: string | null;
  toolCallCount: number | null;
  durationMs: number | null;
  tokens?: number | null;
  repeatedCalls?: number | null;
}

/** Aggregates case results into the report (S07, S09, S14). Cases keep the order given. */
export function buildReport(cases: CaseResult[], repeat: number | null = null): Report {
  const runFigures = cases.flatMap(caseRunFigures);
  const counts = new CaseCounts();
  for (const result of cases) counts.add(result);
  return { schemaVersion: REPORT_SCHEMA_VERSION, summary: summarize(counts, runFigures, repeat), cases };
}

/** What the summary counts of the cases themselves, tallied one case at a time (a run that keeps no case). */
export class CaseCounts {
  total = 0;
  passed = 0;
  notRun = 0;
  withWarnings = 0;
  /** Cases with at least one passed run (pass@k). */
  passedOnce = 0;

  add(result: CaseResult): void {
    this.total += 1;
    if (result.status === 'passed') this.passed += 1;
    if (result.status === 'not_run') this.notRun += 1;
    if ((result.warnedChecks ?? []).length > 0) this.withWarnings += 1;
    if ((result.passedRuns ?? 0) > 0) this.passedOnce += 1;
  }
}

/** The report's summary from the cases' counts and the figures of every run, in case order. */
export function summarize(counts: CaseCounts, runFigures: RunFigures[], repeat: number | null): ReportSummary {
  const { total, passed, notRun } = counts;
  const summary: ReportSummary = {
    total,
    passed,
    failed: total - passed - notRun,
    notRun,
    casesWithWarnings: counts.withWarnings,
    passRate: total === 0 ? null : round4(passed / total),
    verdictDistribution: verdictDistribution(runFigures),
    avgToolCalls: average(runFigures.map((run) => run.toolCallCount)),
    avgDurationMs: average(runFigures.map((run) => run.durationMs)),
    avgTokens: average(runFigures.map((run) => run.tokens ?? null)),
    avgRepeatedCalls: average(runFigures.map((run) => run.repeatedCalls ?? null)),
  };
  if (repeat !== null) {
    const passedRuns = runFigures.filter((run) => run.status === 'passed').length;
    summary.repeat = repeat;
    summary.passAtK = total === 0 ? null : round4(counts.passedOnce / total);
    summary.runPassRate = runFigures.length === 0 ? null : round4(passedRuns / runFigures.length);
    // S76: how sure the suite's run pass rate is, as a 95% Wilson interval over all runs.
    summary.runPassInterval = runFigures.length === 0 ? null : roundedWilson(passedRuns, runFigures.length);
  }
  return summary;
}

/** The figures of a case's runs: one per run of a repeated case (`runs`), else the case's own. */
export function caseRunFigures(result: CaseResult): RunFigures[] {
  if (result.runs === undefined) {
    const traceLoaded = result.checks.some((row) => row.check === 'trace-loadable' && row.outcome === 'pass');
    return [figuresOf(result, traceLoaded)];
  }
  // A run's verdict counts when its trace loaded, that is when it ran and `trace-loadable` did not fail.
  return result.runs.map((run) =>
    figuresOf(run, run.status !== 'not_run' && !run.failedChecks.some((failed) => failed.check === 'trace-loadable')),
  );
}

function figuresOf(run: CaseResult | RunResult, traceLoaded: boolean): RunFigures {
  return {
    status: run.status,
    traceLoaded,
    verdict: run.verdict,
    toolCallCount: run.toolCallCount,
    durationMs: run.durationMs,
    tokens: run.tokens ?? null,
    repeatedCalls: run.repeatedCalls ?? null,
  };
}

/**
 * Verdicts of runs whose trace loaded; a missing verdict counts under MISSING. Keys sorted for
 * stable output, in an object without a prototype: a verdict is data (`__proto__` included).
 */
function verdictDistribution(runs: RunFigures[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const run of runs) {
    if (!run.traceLoaded) continue;
    const key = run.verdict ?? 'MISSING';
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const keys = [...counts.keys()].sort();
  return prototypeFreeRecord(keys.map((key) => [key, counts.get(key) ?? 0] as const));
}

function average(values: (number | null)[]): number | null {
  return round4OrNull(unroundedAverage(values));
}

/** The mean of the known values, unrounded (null when none is known): the summary's averages before rounding. */
export function unroundedAverage(values: readonly (number | null | undefined)[]): number | null {
  const known = values.filter((value): value is number => typeof value === 'number');
  return known.length === 0 ? null : known.reduce((sum, value) => sum + value, 0) / known.length;
}
