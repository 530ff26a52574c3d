import type { Report } from '../report/types.js';
import { formatDuration, trimNumber } from '../view/format.js';
import { htmlText } from '../view/html-text.js';

/**
 * The report's charts as inline SVG, drawn when the page is written (so they need no script and
 * are byte-identical for the same report): results per check, and the distributions of tool
 * calls and duration over the cases.
 */

const OUTCOME_ORDER = ['pass', 'fail', 'warn', 'skip'];

export function checkOutcomeChart(report: Report): string {
  const byCheck = new Map<string, Map<string, number>>();
  for (const result of report.cases) {
    for (const row of result.checks) {
      const counts = byCheck.get(row.check) ?? new Map<string, number>();
      counts.set(String(row.outcome), (counts.get(String(row.outcome)) ?? 0) + 1);
      byCheck.set(row.check, counts);
    }
  }
  if (byCheck.size === 0) return '<p class="muted">No check ran.</p>';
  const labelWidth = 210;
  const barWidth = 360;
  const rowHeight = 20;
  const height = byCheck.size * rowHeight + 24;
  const parts: string[] = [
    `<svg class="chart" role="img" aria-label="results per check" width="${labelWidth + barWidth + 70}" height="${height}" viewBox="0 0 ${labelWidth + barWidth + 70} ${height}">`,
  ];
  let y = 0;
  for (const [check, counts] of byCheck) {
    const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
    const judged = total - (counts.get('skip') ?? 0);
    const passRate = judged === 0 ? '–' : `${trimNumber(((counts.get('pass') ?? 0) / judged) * 100, 1)}%`;
    parts.push(
      `<text x="${labelWidth - 6}" y="${y + 14}" text-anchor="end" class="chart-label">${htmlText(check)}</text>`,
    );
    let x = labelWidth;
    const outcomes = [
      ...OUTCOME_ORDER.filter((outcome) => counts.has(outcome)),
      ...[...counts.keys()].filter((outcome) => !OUTCOME_ORDER.includes(outcome)).sort(),
    ];
    for (const outcome of outcomes) {
      const count = counts.get(outcome) ?? 0;
      const width = Number(((count / total) * barWidth).toFixed(2));
      const known = OUTCOME_ORDER.includes(outcome) ? outcome : 'other';
      parts.push(
        `<rect x="${x}" y="${y + 3}" width="${width}" height="${rowHeight - 6}" class="bar-${known}"><title>${htmlText(`${check}: ${count} ${outcome}`)}</title></rect>`,
      );
      x = Number((x + width).toFixed(2));
    }
    parts.push(`<text x="${labelWidth + barWidth + 6}" y="${y + 14}" class="chart-value">${htmlText(passRate)}</text>`);
    y += rowHeight;
  }
  parts.push(
    `<text x="${labelWidth}" y="${y + 16}" class="chart-note">pass rate among the cases where the check applied (skips left out)</text>`,
    '</svg>',
  );
  return parts.join('');
}

/** A histogram of one figure over the cases that have it. */
function histogram(label: string, values: readonly number[], format: (value: number) => string): string {
  if (values.length === 0) return `<p class="muted">${htmlText(label)}: no figures.</p>`;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const integers = values.every((value) => Number.isInteger(value)) && max - min < 12;
  const binCount = integers ? max - min + 1 : Math.min(10, values.length);
  const step = integers ? 1 : (max - min) / binCount || 1;
  const bins = new Array<number>(binCount).fill(0);
  for (const value of values) {
    const index = integers ? value - min : Math.min(binCount - 1, Math.floor((value - min) / step));
    bins[index] = (bins[index] ?? 0) + 1;
  }
  const tallest = Math.max(...bins);
  const barWidth = Math.max(14, Math.floor(360 / binCount));
  const chartHeight = 110;
  const width = barWidth * binCount + 20;
  // The top 14 px hold the count above the tallest bar.
  const parts = [
    `<svg class="chart" role="img" aria-label="${htmlText(label)}" width="${width}" height="${chartHeight + 50}" viewBox="0 -14 ${width} ${chartHeight + 50}">`,
  ];
  bins.forEach((count, index) => {
    const height = tallest === 0 ? 0 : Number(((count / tallest) * chartHeight).toFixed(2));
    const from = min + index * step;
    const range = integers ? format(from) : `${format(from)} – ${format(from + step)}`;
    const x = 10 + index * barWidth;
    parts.push(
      `<rect x="${x + 1}" y="${Number((chartHeight - height).toFixed(2))}" width="${barWidth - 2}" height="${height}" class="bar-hist"><title>${htmlText(`${range}: ${count} ${count === 1 ? 'case' : 'cases'}`)}</title></rect>`,
    );
    if (count > 0)
      parts.push(
        `<text x="${x + barWidth / 2}" y="${Number((chartHeight - height - 3).toFixed(2))}" text-anchor="middle" class="chart-value">${count}</text>`,
      );
  });
  parts.push(
    `<text x="10" y="${chartHeight + 16}" class="chart-note">${htmlText(format(min))}</text>`,
    `<text x="${width - 10}" y="${chartHeight + 16}" text-anchor="end" class="chart-note">${htmlText(format(max))}</text>`,
    `<text x="${width / 2}" y="${chartHeight + 32}" text-anchor="middle" class="chart-label">${htmlText(label)}</text>`,
    '</svg>',
  );
  return parts.join('');
}

export function distributionCharts(report: Report): string {
  const toolCalls = report.cases
    .map((result) => result.toolCallCount)
    .filter((value): value is number => value !== null);
  const durations = report.cases.map((result) => result.durationMs).filter((value): value is number => value !== null);
  return (
    histogram('tool calls per case', toolCalls, (value) => trimNumber(value, 1)) +
    histogram('duration per case', durations, (value) => formatDuration(value))
  );
}
