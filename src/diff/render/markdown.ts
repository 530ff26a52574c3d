import { plural } from '../../checks/support.js';
import {
  formatCount,
  formatCountDelta,
  formatDurationComparison,
  formatPercent,
  formatPercentDelta,
} from '../../view/format.js';
import { escapeTableCell } from '../../view/markdown-escape.js';
import { regressionCount } from '../regressed-cases.js';
import type { Diff, DiffItem, DiffKind, DiffValue, MetricComparison } from '../types.js';
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
  const lines: string[] = ['# Baseline diff', ''];
  lines.push(
    `**Status: ${summary.status}** — ${regressionCount(diff)}, ` +
      `${plural(summary.improvements, 'improvement')}, ${plural(summary.changes, 'change')}.`,
    '',
  );
  lines.push(`- Baseline: ${codeSpan(labels.baselinePath)}`, `- Current: ${codeSpan(labels.currentPath)}`, '');
  lines.push(
    ...table(
      ['metric', 'baseline', 'current', 'delta'],
      ['---', '---:', '---:', '---:'],
      [
        ['pass rate', ...percentComparison(summary.passRate)],
        ['avg tool calls', ...countComparison(summary.avgToolCalls)],
        [
          'avg duration',
          ...formatDurationComparison(
            summary.avgDurationMs.baseline,
            summary.avgDurationMs.current,
            summary.avgDurationMs.delta,
          ),
        ],
        ...(summary.avgTokens === undefined ? [] : [['avg tokens', ...countComparison(summary.avgTokens)]]),
        ...(summary.avgRepeatedCalls === undefined
          ? []
          : [['avg repeated calls', ...countComparison(summary.avgRepeatedCalls)]]),
      ],
    ),
    '',
  );

  lines.push(...significanceLines(diff));
  lines.push('## Items', '');
  if (diff.items.length === 0) {
    lines.push('No differences: the current report matches the baseline on every compared value.');
  } else {
    const sorted = KIND_ORDER.flatMap((kind) => diff.items.filter((item) => item.kind === kind));
    lines.push(
      ...table(
        ['kind', 'scope', 'case', 'metric', 'tool', 'baseline', 'current', 'delta', 'message'],
        ['---', '---', '---', '---', '---', '---', '---', '---:', '---'],
        sorted.map(itemRow),
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The summary's figures as report.md shows them; each delta in the unit of the two figures beside it. */
function percentComparison(comparison: MetricComparison): string[] {
  return [formatPercent(comparison.baseline), formatPercent(comparison.current), formatPercentDelta(comparison.delta)];
}

function countComparison(comparison: MetricComparison): string[] {
  return [formatCount(comparison.baseline), formatCount(comparison.current), formatCountDelta(comparison.delta)];
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
  if (needed.length > 0) lines.push(`${runsNeededHeading(diff)}:`, '', ...needed.map((line) => `- ${line}`), '');
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
    formatDelta(item.delta),
    item.message,
  ];
}

function table(header: string[], alignment: string[], rows: string[][]): string[] {
  const row = (cells: string[]): string => `| ${cells.map((cell) => escapeTableCell(cell)).join(' | ')} |`;
  return [row(header), `| ${alignment.join(' | ')} |`, ...rows.map(row)];
}

function formatValue(value: DiffValue): string {
  return value === null ? NO_VALUE : String(value);
}

function formatDelta(delta: number | null): string {
  if (delta === null) return NO_VALUE;
  return delta > 0 ? `+${delta}` : String(delta);
}

/** A code span that survives backticks in the text: the fence is longer than any backtick run inside. */
function codeSpan(text: string): string {
  const flat = text.replace(/\r\n|\r|\n/g, ' ');
  const longestRun = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const padding = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${padding}${flat}${padding}${fence}`;
}
