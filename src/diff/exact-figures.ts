import { round4 } from '../model/round.js';
import { unroundedAverage } from '../report/build.js';
import type { CaseResult, Report } from '../report/types.js';
import type { AggregateMetric } from './types.js';

/** Each average of the summary, and the figure of a case it averages. */
const CASE_FIGURE = {
  avgToolCalls: 'toolCallCount',
  avgDurationMs: 'durationMs',
  avgTokens: 'tokens',
  avgRepeatedCalls: 'repeatedCalls',
} as const satisfies Record<Exclude<AggregateMetric, 'passRate'>, keyof CaseResult>;

/**
 * A report's summary figures before rounding, so that a delta is the difference of the figures
 * and not of their rounded values (4.3333 → 4.6667 is +0.3333, not +0.3334). They are computed
 * again from the counts and the cases; where that gives another figure than the one reported
 * (a report of repeated runs averages every run, which its cases do not list), the reported
 * figure is used.
 */
export function exactFigures(report: Report): Record<AggregateMetric, number | null> {
  const { summary, cases } = report;
  const figures = {
    passRate: agreeing(summary.passRate, summary.total === 0 ? null : summary.passed / summary.total),
  } as Record<AggregateMetric, number | null>;
  for (const [metric, field] of Object.entries(CASE_FIGURE) as [keyof typeof CASE_FIGURE, keyof CaseResult][]) {
    const computed =
      summary.repeat === undefined ? unroundedAverage(cases.map((result) => result[field] as number | null)) : null;
    figures[metric] = agreeing(summary[metric] ?? null, computed);
  }
  return figures;
}

function agreeing(reported: number | null, computed: number | null): number | null {
  return computed !== null && reported !== null && round4(computed) === reported ? computed : reported;
}
