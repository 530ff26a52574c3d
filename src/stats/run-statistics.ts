import { CHECK_IDS } from '../model/check-ids.generated.js';
import { round4 } from '../model/round.js';
import { type Interval, wilsonInterval } from './wilson.js';

/**
 * What the runs of a repeated case say beyond pass^K (docs/contract.md §6, S76): the run pass
 * rate with its 95% Wilson interval, and how often each check failed over the runs that were
 * judged (a run without a trace judges no check). Closed forms: the same runs, the same figures.
 */
export interface CaseRunStatistics {
  runPassRate: number;
  runPassInterval: Interval;
  /** Each check that failed in some run, in check order. */
  checkFailureRates: CheckFailureRate[];
}

export interface CheckFailureRate {
  check: string;
  failedRuns: number;
  /** Runs that produced a trace, so that the check was judged. */
  judgedRuns: number;
  rate: number;
}

interface JudgedRun {
  status: string;
  failedChecks: readonly { check: string }[];
}

export function caseRunStatistics(runs: readonly JudgedRun[]): CaseRunStatistics {
  const passed = runs.filter((run) => run.status === 'passed').length;
  const judged = runs.filter((run) => run.status !== 'not_run');
  const failures = checkFailureCounts(runs);
  const known = new Set<string>(CHECK_IDS);
  const order = [...CHECK_IDS, ...[...failures.keys()].filter((check) => !known.has(check)).sort()];
  return {
    runPassRate: round4(passed / runs.length),
    runPassInterval: roundedWilson(passed, runs.length),
    checkFailureRates: order.flatMap((check) => {
      const failedRuns = failures.get(check);
      return failedRuns === undefined
        ? []
        : [{ check, failedRuns, judgedRuns: judged.length, rate: round4(failedRuns / judged.length) }];
    }),
  };
}

/** Check id → the runs it failed in, over the runs that were judged (a run without a trace judges no check). */
export function checkFailureCounts(runs: readonly JudgedRun[]): Map<string, number> {
  const failures = new Map<string, number>();
  for (const run of runs) {
    if (run.status === 'not_run') continue;
    for (const check of new Set(run.failedChecks.map((failed) => failed.check)))
      failures.set(check, (failures.get(check) ?? 0) + 1);
  }
  return failures;
}

/** The 95% Wilson interval of `successes` out of `trials`, its bounds rounded to 4 places as every ratio of a report. */
export function roundedWilson(successes: number, trials: number): Interval {
  const { low, high } = wilsonInterval(successes, trials);
  return { low: round4(low), high: round4(high) };
}
