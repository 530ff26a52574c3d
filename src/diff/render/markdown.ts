import { escapeTableCell } from '../../report/render/markdown-escape.js';
import type { Diff, DiffItem, DiffKind, DiffValue, MetricComparison } from '../types.js';

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
    `**Status: ${summary.status}** — ${plural(summary.regressions, 'regression')}, ` +
      `${plural(summary.improvements, 'improvement')}, ${plural(summary.changes, 'change')}.`,
    '',
  );
  lines.push(`- Baseline: ${codeSpan(labels.baselinePath)}`, `- Current: ${codeSpan(labels.currentPath)}`, '');
  lines.push(
    ...table(
      ['metric', 'baseline', 'current', 'delta'],
      ['---', '---:', '---:', '---:'],
      [
        comparisonRow('pass rate', summary.passRate),
        comparisonRow('avg tool calls', summary.avgToolCalls),
        comparisonRow('avg duration (ms)', summary.avgDurationMs),
        ...(summary.avgTokens === undefined ? [] : [comparisonRow('avg tokens', summary.avgTokens)]),
        ...(summary.avgRepeatedCalls === undefined
          ? []
          : [comparisonRow('avg repeated calls', summary.avgRepeatedCalls)]),
      ],
    ),
    '',
  );

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

function comparisonRow(label: string, comparison: MetricComparison): string[] {
  return [label, formatValue(comparison.baseline), formatValue(comparison.current), formatDelta(comparison.delta)];
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

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** A code span that survives backticks in the text: the fence is longer than any backtick run inside. */
function codeSpan(text: string): string {
  const flat = text.replace(/\r\n|\r|\n/g, ' ');
  const longestRun = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const padding = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${padding}${flat}${padding}${fence}`;
}

/** The verdict of a diff in a few words, for the CLI's one-line summary: `no regressions`, `1 regression`, `3 regressions`. */
export function formatDiffVerdictLine(diff: Diff): string {
  const { regressions } = diff.summary;
  return regressions === 0 ? 'no regressions' : plural(regressions, 'regression');
}
