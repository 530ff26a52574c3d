import { formatPercent } from '../../view/format.js';
import type { CaseResult } from '../types.js';

/**
 * The repeated-run statistics of report.md (S76) as text: an interval as `35.1–72.1%`, a case's
 * run pass rate with its interval, and its checks' failure rates over the runs.
 */
export function formatInterval(interval: { low: number; high: number } | null | undefined): string {
  if (interval === null || interval === undefined) return '–';
  return `${formatPercent(interval.low).replace(/%$/u, '')}–${formatPercent(interval.high)}`;
}

export function formatRunPassRate(result: CaseResult): string {
  if (result.runPassRate === undefined || result.runPassRate === null) return '–';
  return `${formatPercent(result.runPassRate)} (${formatInterval(result.runPassInterval)})`;
}

export function formatCheckFailureRates(result: CaseResult): string {
  const rates = result.checkFailureRates ?? [];
  if (rates.length === 0) return 'no check failed in any run';
  return `check failure rates: ${rates.map((rate) => `${rate.check} ${rate.failedRuns}/${rate.judgedRuns} (${formatPercent(rate.rate)})`).join(', ')}`;
}
