import type { KeywordSynonyms } from '../../cases/types.js';
import { formatCount, formatDuration, formatPercent } from '../../view/format.js';
import { escapeTableCell as cell } from '../../view/markdown-escape.js';
import type { CaseResult, Report, ReportSummary } from '../types.js';
import { formatCheckFailureRates, formatInterval, formatRunPassRate } from './run-statistics-text.js';

const STATUS_LABEL: Record<CaseResult['status'], string> = {
  passed: '✅ passed',
  failed: '❌ failed',
  not_run: '⚠️ not run',
};

/** Characters of report.md gathered before they are given to the writer. */
const CHUNK_CHARS = 16 * 1024;

/**
 * report.md: the page a reviewer reads in a pull request (S08). A summary table, one row per
 * case, then the message of every failed check. Pure: the same report gives the same text.
 */
export function renderReportMarkdown(report: Report): string {
  let text = '';
  for (const chunk of renderReportMarkdownChunks(report)) text += chunk;
  return text;
}

/**
 * report.md in pieces, for writing while it is rendered: for a large run the page is tens of
 * megabytes, which are then never held whole. The pieces joined are renderReportMarkdown's text:
 * the lines joined by newlines, trailing white space dropped, one final newline.
 */
export function renderReportMarkdownChunks(report: Report): Generator<string, void, undefined> {
  const { cases } = report;
  const repeated = report.summary.repeat !== undefined;
  const parts = (pick: (fragments: CaseMarkdown) => string | null): Iterable<string> => ({
    *[Symbol.iterator]() {
      for (const result of cases) {
        const text = pick(caseMarkdown(result, repeated));
        if (text !== null) yield text;
      }
    },
  });
  return renderMarkdownPage(report.summary, {
    rows: parts((fragments) => fragments.row),
    notRun: cases.some((result) => result.status === 'not_run') ? parts((fragments) => fragments.notRun) : null,
    failed: cases.some((result) => result.failedChecks.length > 0) ? parts((fragments) => fragments.failed) : null,
    warnings: cases.some((result) => (result.warnedChecks ?? []).length > 0)
      ? parts((fragments) => fragments.warnings)
      : null,
    runs: parts((fragments) => fragments.runs),
  });
}

/**
 * One case's share of each section of report.md, each a text of whole lines, every line ended by
 * a newline; null when the case has nothing in that section.
 */
export interface CaseMarkdown {
  /** Its row of the cases table. */
  row: string;
  /** Its item of "Not run". */
  notRun: string | null;
  /** Its heading and items under "Failed checks". */
  failed: string | null;
  /** Its heading and items under "Warnings". */
  warnings: string | null;
  /** Its rows of the runs table (repeated runs only). */
  runs: string | null;
}

/** The fragments of report.md one case contributes; a case's fragments depend on nothing but the case. */
export function caseMarkdown(result: CaseResult, repeated: boolean): CaseMarkdown {
  const failed =
    result.failedChecks.length === 0
      ? null
      : linesText([
          `### \`${result.caseId}\``,
          '',
          ...result.failedChecks.map((failure) => `- **${failure.check}**: ${inline(failure.message)}`),
          '',
        ]);
  const warnedChecks = result.warnedChecks ?? [];
  const warnings =
    warnedChecks.length === 0
      ? null
      : linesText([
          `### \`${result.caseId}\``,
          '',
          ...warnedChecks.map((warning) => `- **${warning.check}**: ${inline(warning.message)}`),
          '',
        ]);
  const runs = repeated ? [...runRows(result)].map(tableRow) : [];
  return {
    row: linesText([tableRow(caseRow(result, repeated))]),
    notRun:
      result.status === 'not_run'
        ? linesText([`- \`${result.caseId}\`: ${inline(result.reason ?? 'no reason recorded')}`])
        : null,
    failed,
    warnings,
    runs: runs.length === 0 ? null : linesText(runs),
  };
}

/** Each section of the page past the summary: the cases' fragments in case order, or null for a section the page leaves out. */
export interface MarkdownSections {
  rows: Iterable<string>;
  notRun: Iterable<string> | null;
  failed: Iterable<string> | null;
  warnings: Iterable<string> | null;
  /** Read only for a report of repeated runs. */
  runs: Iterable<string>;
}

/**
 * The page from its summary and its sections, in chunks of some tens of kilobytes. The same for
 * a report held in memory and for one whose cases were written out as they were evaluated.
 */
export function* renderMarkdownPage(
  summary: ReportSummary,
  sections: MarkdownSections,
): Generator<string, void, undefined> {
  let pending = '';
  // White space at the end of what was rendered so far, held back until text follows it: the
  // page's trailing white space is dropped, wherever it begins.
  let heldSpace = '';
  const release = (text: string): string => {
    const trailing = TRAILING_SPACE.exec(text);
    const cut = trailing === null ? text.length : trailing.index;
    const out = cut === 0 ? '' : heldSpace + text.slice(0, cut);
    heldSpace = cut === 0 ? heldSpace + text : text.slice(cut);
    return out;
  };
  for (const text of pageTexts(summary, sections)) {
    pending += text;
    if (pending.length < CHUNK_CHARS) continue;
    const out = release(pending);
    pending = '';
    if (out !== '') yield out;
  }
  yield `${release(pending)}\n`;
}

const TRAILING_SPACE = /\s+$/u;

/** The page as texts of whole lines, each line ended by a newline (the last one's is dropped with the trailing white space). */
function* pageTexts(summary: ReportSummary, sections: MarkdownSections): Generator<string, void, undefined> {
  const repeated = summary.repeat !== undefined;
  yield '# Diagnosis evaluation report\n\n';
  const warned = summary.casesWithWarnings ?? 0;
  const warnedNote = warned === 0 ? '' : ` ${warned} ${warned === 1 ? 'case has' : 'cases have'} warnings.`;
  yield `**${summary.passed} of ${summary.total} ${summary.total === 1 ? 'case' : 'cases'} passed** (${formatPercent(summary.passRate)}).${warnedNote}\n\n`;

  const summaryColumns = [
    'total',
    'passed',
    'failed',
    'not run',
    'pass rate',
    'verdicts',
    'avg tool calls',
    'avg repeated calls',
    'avg duration',
  ];
  const summaryValues = [
    String(summary.total),
    String(summary.passed),
    String(summary.failed),
    String(summary.notRun),
    formatPercent(summary.passRate),
    formatVerdicts(summary.verdictDistribution),
    formatCount(summary.avgToolCalls),
    formatCount(summary.avgRepeatedCalls ?? null),
    formatDuration(summary.avgDurationMs),
  ];
  if (repeated) {
    summaryColumns.push('runs per case', 'pass@k', 'run pass rate', 'run pass rate 95% CI');
    summaryValues.push(
      String(summary.repeat),
      formatPercent(summary.passAtK ?? null),
      formatPercent(summary.runPassRate ?? null),
      formatInterval(summary.runPassInterval),
    );
  }
  yield* table(summaryColumns, [linesText([tableRow(summaryValues)])]);

  yield '## Cases\n\n';
  const caseColumns = ['case', 'status', 'verdict', 'evidence', 'keywords', 'tool calls', 'duration', 'failed checks'];
  if (repeated) caseColumns.splice(2, 0, 'runs passed', 'run pass rate (95% CI)');
  yield* table(caseColumns, sections.rows);

  if (sections.notRun !== null) {
    yield '## Not run\n\n';
    yield* sections.notRun;
    yield '\n';
  }

  if (sections.failed !== null) {
    yield '## Failed checks\n\n';
    yield* sections.failed;
  }

  if (sections.warnings !== null) {
    yield '## Warnings\n\n';
    yield 'Checks whose severity is `warn`: reported, but they do not fail the case.\n\n';
    yield* sections.warnings;
  }

  if (repeated) {
    yield '## Runs\n\n';
    yield* table(['case', 'run', 'session', 'status', 'verdict', 'failed checks or reason'], sections.runs);
  }
}

function caseRow(result: CaseResult, repeated: boolean): string[] {
  const row = [
    `\`${result.caseId}\``,
    STATUS_LABEL[result.status],
    result.verdict ?? '–',
    formatEvidence(result),
    formatKeywords(result),
    formatCount(result.toolCallCount),
    formatDuration(result.durationMs),
    formatCheckList(result),
  ];
  if (repeated)
    row.splice(
      2,
      0,
      `${result.passedRuns ?? 0}/${result.runs?.length ?? 0}${result.flaky === true ? ' (flaky)' : ''}`,
      formatRunPassRate(result),
    );
  return row;
}

function* runRows(result: CaseResult): Generator<string[], void, undefined> {
  for (const [index, run] of (result.runs ?? []).entries()) {
    yield [
      `\`${result.caseId}\``,
      String(index + 1),
      run.sessionId === null ? '–' : `\`${run.sessionId}\``,
      STATUS_LABEL[run.status],
      run.verdict ?? '–',
      run.failedChecks.map((failure) => failure.check).join(', ') || (run.reason ?? '–'),
    ];
  }
  // S76: what the runs add up to.
  if (result.runs !== undefined && result.runPassRate !== undefined)
    yield [
      `\`${result.caseId}\``,
      'all',
      '–',
      `${result.passedRuns ?? 0}/${result.runs.length} passed, ${formatRunPassRate(result)}`,
      '–',
      formatCheckFailureRates(result),
    ];
}

/** The failed checks, then the warned ones marked "(warn)". */
function formatCheckList(result: CaseResult): string {
  const names = [
    ...result.failedChecks.map((failed) => failed.check),
    ...(result.warnedChecks ?? []).map((warned) => `${warned.check} (warn)`),
  ];
  return names.join(', ') || '–';
}

function formatVerdicts(distribution: Record<string, number>): string {
  const entries = Object.entries(distribution);
  return entries.length === 0 ? '–' : entries.map(([verdict, count]) => `${verdict} ${count}`).join(' · ');
}

function formatEvidence(result: CaseResult): string {
  const coverage = result.evidenceCoverage;
  if (coverage === null) return '–';
  if (coverage.required.length === 0) return 'none required';
  const counted = `${coverage.covered.length}/${coverage.required.length}`;
  return coverage.missing.length === 0 ? counted : `${counted} (missing: ${coverage.missing.join(', ')})`;
}

function formatKeywords(result: CaseResult): string {
  const coverage = result.keywordCoverage;
  if (coverage === null) return '–';
  if (coverage.concepts === 0) return 'none';
  const counted = `${coverage.covered}/${coverage.concepts} (min ${formatPercent(coverage.min)})`;
  return coverage.missing.length === 0
    ? counted
    : `${counted}, missing: ${coverage.missing.map(formatConcept).join(', ')}`;
}

function formatConcept(concept: KeywordSynonyms): string {
  return typeof concept === 'string' ? concept : concept.join(' / ');
}

/** A table (its head, then the rows' texts) and the blank line after it. */
function* table(columns: string[], rows: Iterable<string>): Generator<string, void, undefined> {
  yield linesText([tableRow(columns), `| ${columns.map(() => '---').join(' | ')} |`]);
  yield* rows;
  yield '\n';
}

function tableRow(values: string[]): string {
  return `| ${values.map(cell).join(' | ')} |`;
}

/** Lines as one text, each ended by a newline. */
function linesText(lines: string[]): string {
  return `${lines.join('\n')}\n`;
}

/** A message outside a table: one line, so a list item stays one item. */
function inline(text: string): string {
  return text.replace(/\s*\n\s*/gu, ' ');
}
