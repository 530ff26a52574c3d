import { plural } from '../../checks/support.js';
import { formatComparison, signed } from '../../view/format.js';
import { markdownText, tableRow } from '../../view/markdown-escape.js';
import { regressionCount } from '../regressed-cases.js';
import {
  AGGREGATE_METRICS,
  type AggregateMetric,
  type Diff,
  type DiffItem,
  type DiffKind,
  type DiffSummary,
  type DiffValue,
} from '../types.js';
import { runsNeededHeading, runsNeededLines } from './runs-needed.js';

export interface DiffMarkdownLabels {
  /** The reports as the user named them, relative to the working directory. */
  baselinePath: string;
  currentPath: string;
}

const KIND_LABEL: Record<DiffKind, string> = {
  regression: '🔴 regression',
  improvement: '🟢 improvement',
  change: 'change',
};

// Regressions first: they are what a reviewer must act on before merging.
const KIND_ORDER: readonly DiffKind[] = ['regression', 'improvement', 'change'];

const NO_VALUE = '–';

/**
 * diff.md (S25): a summary, then one table of every item. Pure: no clock, no host, no file
 * system; the same diff and labels give the same text.
 */
export function renderDiffMarkdown(diff: Diff, labels: DiffMarkdownLabels): string {
  const { summary } = diff;
  const lines: string[] = [
    '# Baseline diff',
    '',
    `**Status: ${summary.status}** — ${regressionCount(diff)}, ` +
      `${plural(summary.improvements, 'improvement')}, ${plural(summary.changes, 'change')}.`,
    '',
    `- Baseline: ${codeSpan(labels.baselinePath)}`,
    `- Current: ${codeSpan(labels.currentPath)}`,
    '',
    tableRow(['metric', 'baseline', 'current', 'delta']),
    '| --- | ---: | ---: | ---: |',
    ...summaryFigureRows(summary, AGGREGATE_METRICS).map(tableRow),
    '',
    ...significanceLines(diff),
    '## Items',
    '',
  ];
  if (diff.items.length === 0) {
    lines.push('No differences: the current report matches the baseline on every compared value.');
  } else {
    lines.push(
      tableRow(['kind', 'scope', 'case', 'metric', 'tool', 'baseline', 'current', 'delta', 'message']),
      '| --- | --- | --- | --- | --- | --- | --- | ---: | --- |',
      ...KIND_ORDER.flatMap((kind) => diff.items.filter((item) => item.kind === kind)).map((item) =>
        tableRow(itemRow(item)),
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}

const FIGURES: Record<AggregateMetric, { label: string; unit: 'percent' | 'count' | 'duration' }> = {
  passRate: { label: 'pass rate', unit: 'percent' },
  avgToolCalls: { label: 'avg tool calls', unit: 'count' },
  avgDurationMs: { label: 'avg duration', unit: 'duration' },
  avgTokens: { label: 'avg tokens', unit: 'count' },
  avgRepeatedCalls: { label: 'avg repeated calls', unit: 'count' },
};

/**
 * The rows of the summary's figures, as diff.md and diff.html show them: a label, the two
 * figures and their change. A figure the diff does not hold (both reports predate it) has no row.
 */
export function summaryFigureRows(summary: DiffSummary, metrics: readonly AggregateMetric[]): string[][] {
  return metrics.flatMap((metric) => {
    const figures = summary[metric];
    if (figures === undefined) return [];
    const { label, unit } = FIGURES[metric];
    return [[label, ...formatComparison(unit, figures)]];
  });
}

/** S77, S78: how repeated cases were tested, or that significance needs repeats; and the runs that would tell a drop from noise. */
function significanceLines(diff: Diff): string[] {
  const significance = diff.summary.significance;
  if (significance === undefined) return [];
  if (significance.note !== null) return [`Significance: ${significance.note}.`, ''];
  const lines = [
    `Significance: ${plural(significance.repeatedCases, 'case')} with repeated runs on both sides, each tested with a one-sided Fisher exact test, Holm-corrected, at α ${significance.alpha}.`,
    '',
  ];
  const needed = runsNeededLines(diff);
  if (needed.length > 0)
    lines.push(`${runsNeededHeading(diff)}:`, '', ...needed.map((line) => `- ${markdownText(line)}`), '');
  return lines;
}

function itemRow(item: DiffItem): string[] {
  return [
    KIND_LABEL[item.kind],
    item.scope,
    item.caseId ?? NO_VALUE,
    item.metric,
    item.tool ?? NO_VALUE,
    formatValue(item.baseline),
    formatValue(item.current),
    item.delta === null ? NO_VALUE : signed(item.delta),
    item.message,
  ];
}

function formatValue(value: DiffValue): string {
  return value === null ? NO_VALUE : String(value);
}

/** A code span that survives backticks in the text: the fence is longer than any backtick run inside. */
function codeSpan(text: string): string {
  const flat = text.replace(/\r\n|\r|\n/g, ' ');
  const longestRun = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const padding = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${padding}${flat}${padding}${fence}`;
}
