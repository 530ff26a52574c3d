import { formatCheckFailureRates, formatInterval } from '../report/render/run-statistics-text.js';
import type { Report } from '../report/types.js';
import { formatPercent } from '../view/format.js';
import { htmlText } from '../view/html-text.js';
import { code } from '../view/static-page.js';

/** Width of an interval bar in the page's pixels; the bar spans 0% to 100%. */
const BAR_WIDTH = 200;

/**
 * S76: the run pass rate of the suite and of each repeated case as a bar of its 95% Wilson
 * interval with a tick at the rate, drawn on the server (inline SVG, no script), with the
 * checks' failure rates beside it. Empty for a report without repeated runs.
 */
export function intervalBarsSection(report: Report): string {
  const { summary } = report;
  if (summary.repeat === undefined) return '';
  const rows: string[] = [];
  if (summary.runPassRate !== undefined && summary.runPassRate !== null && summary.runPassInterval)
    rows.push(row('<b>all runs</b>', summary.runPassRate, summary.runPassInterval, ''));
  for (const result of report.cases) {
    if (result.runPassRate === undefined || result.runPassRate === null || result.runPassInterval === undefined)
      continue;
    rows.push(
      row(
        `${code(result.caseId)} ${result.passedRuns ?? 0}/${result.runs?.length ?? 0}`,
        result.runPassRate,
        result.runPassInterval,
        htmlText(formatCheckFailureRates(result)),
      ),
    );
  }
  return [
    '<h2>Run pass rates (95% Wilson interval)</h2>',
    '<table class="metrics intervals"><tr><th>case</th><th class="num">run pass rate</th><th>interval</th><th>checks</th></tr>',
    ...rows,
    '</table>',
  ].join('\n');
}

function row(label: string, rate: number, interval: { low: number; high: number }, checks: string): string {
  const x = (ratio: number): string => String(Math.round(ratio * BAR_WIDTH * 10) / 10);
  const title = `${formatPercent(rate)}, 95% interval ${formatInterval(interval)}`;
  const bar =
    `<svg class="interval-bar" width="${BAR_WIDTH}" height="12" viewBox="0 0 ${BAR_WIDTH} 12" role="img" aria-label="${htmlText(title)}">` +
    `<title>${htmlText(title)}</title>` +
    `<line x1="0" y1="6" x2="${BAR_WIDTH}" y2="6" stroke="#bbb" stroke-width="1"/>` +
    `<rect x="${x(interval.low)}" y="2" width="${x(interval.high - interval.low)}" height="8" fill="#7aa7d8"/>` +
    `<line x1="${x(rate)}" y1="0" x2="${x(rate)}" y2="12" stroke="#1f3b5c" stroke-width="2"/>` +
    '</svg>';
  return `<tr><td>${label}</td><td class="num">${htmlText(formatPercent(rate))}</td><td>${bar} ${htmlText(formatInterval(interval))}</td><td>${checks}</td></tr>`;
}
