import { round4 } from '../model/round.js';
import { unroundedAverage } from '../report/build.js';
import type { Report } from '../report/types.js';

/**
 * A report's summary figures before rounding, so that a delta is the difference of the figures
 * and not of their rounded values (4.3333 → 4.6667 is +0.3333, not +0.3334). They are computed
 * again from the counts and the cases; where that gives another figure than the one reported
 * (a report of repeated runs averages every run, which its cases do not list), the reported
 * figure is used.
 */
export interface ExactFigures {
  passRate: number | null;
  avgToolCalls: number | null;
  avgDurationMs: number | null;
  avgTokens: number | null;
  avgRepeatedCalls: number | null;
}

export function exactFigures(report: Report): ExactFigures {
  const { summary, cases } = report;
  const exact = summary.repeat === undefined;
  return {
    passRate: agreeing(summary.passRate, summary.total === 0 ? null : summary.passed / summary.total),
    avgToolCalls: agreeing(
      summary.avgToolCalls,
      exact ? unroundedAverage(cases.map((result) => result.toolCallCount)) : null,
    ),
    avgDurationMs: agreeing(
      summary.avgDurationMs,
      exact ? unroundedAverage(cases.map((result) => result.durationMs)) : null,
    ),
    avgTokens: agreeing(
      summary.avgTokens ?? null,
      exact ? unroundedAverage(cases.map((result) => result.tokens)) : null,
    ),
    avgRepeatedCalls: agreeing(
      summary.avgRepeatedCalls ?? null,
      exact ? unroundedAverage(cases.map((result) => result.repeatedCalls)) : null,
    ),
  };
}

function agreeing(reported: number | null, computed: number | null): number | null {
  return computed !== null && reported !== null && round4(computed) === reported ? computed : reported;
}
