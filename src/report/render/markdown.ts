import type { KeywordSynonyms } from '../../cases/types.js';
import { formatCount, formatDuration, formatPercent } from '../../view/format.js';
import { markdownText, tableRow } from '../../view/markdown-escape.js';
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
  return [...renderReportMarkdownChunks(report)].join('');
}

/**
 * report.md in pieces, for writing while it is rendered: for a large run the page is tens of
 * megabytes, which are then never held whole. The pieces joined are renderReportMarkdown's text:
 * the lines joined by newlines, trailing white space dropped, one final newline.
 */
export function renderReportMarkdownChunks(report: Report): Generator<string, void, undefined> {
  const repeated = report.summary.repeat !== undefined;
  return renderMarkdownPage(report.summary, function* (section) {
    for (const result of report.cases) yield caseMarkdown(result, repeated, section);
  });
}

/**
 * Each section of report.md past the summary, and one case's share of it: a text of whole lines,
 * each ended by a newline, or '' when the case has nothing there. A case's share depends on
 * nothing but the case.
 */
const CASE_SECTIONS = {
  rows: (result, repeated) => linesText([tableRow(caseRow(result, repeated))]),
  notRun: (result) =>
    result.status === 'not_run'
      ? linesText([`- \`${result.caseId}\`: ${inline(result.reason ?? 'no reason recorded')}`])
      : '',
  failed: (result) => checkMessages(result.caseId, result.failedChecks),
  warnings: (result) => checkMessages(result.caseId, result.warnedChecks ?? []),
  // The runs table: repeated runs only.
  runs: (result, repeated) => (repeated ? [...runRows(result)].map((row) => linesText([tableRow(row)])).join('') : ''),
} satisfies Record<string, (result: CaseResult, repeated: boolean) => string>;

export type MarkdownSection = keyof typeof CASE_SECTIONS;

export const MARKDOWN_SECTIONS = Object.keys(CASE_SECTIONS) as MarkdownSection[];

export function caseMarkdown(result: CaseResult, repeated: boolean, section: MarkdownSection): string {
  return CASE_SECTIONS[section](result, repeated);
}

/** A section's fragments, in case order. */
type SectionTexts = (section: MarkdownSection) => Iterable<string>;

/**
 * The page from its summary and its sections, in chunks of some tens of kilobytes. The same for
 * a report held in memory and for one whose cases were written out as they were evaluated.
 */
export function* renderMarkdownPage(
  summary: ReportSummary,
  sections: SectionTexts,
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
function* pageTexts(summary: ReportSummary, sections: SectionTexts): Generator<string, void, undefined> {
  const repeated = summary.repeat !== undefined;
  yield '# Diagnosis evaluation report\n\n';
  const warned = summary.casesWithWarnings ?? 0;
  const warnedNote = warned === 0 ? '' : ` ${warned} ${warned === 1 ? 'case has' : 'cases have'} warnings.`;
  yield `**${summary.passed} of ${summary.total} ${summary.total === 1 ? 'case' : 'cases'} passed** (${formatPercent(summary.passRate)}).${warnedNote}\n\n`;

  const figures: [column: string, value: string][] = [
    ['total', String(summary.total)],
    ['passed', String(summary.passed)],
    ['failed', String(summary.failed)],
    ['not run', String(summary.notRun)],
    ['pass rate', formatPercent(summary.passRate)],
    ['verdicts', formatVerdicts(summary.verdictDistribution)],
    ['avg tool calls', formatCount(summary.avgToolCalls)],
    ['avg repeated calls', formatCount(summary.avgRepeatedCalls ?? null)],
    ['avg duration', formatDuration(summary.avgDurationMs)],
  ];
  if (repeated)
    figures.push(
      ['runs per case', String(summary.repeat)],
      ['pass@k', formatPercent(summary.passAtK ?? null)],
      ['run pass rate', formatPercent(summary.runPassRate ?? null)],
      ['run pass rate 95% CI', formatInterval(summary.runPassInterval)],
    );
  yield* table(
    figures.map(([column]) => column),
    [linesText([tableRow(figures.map(([, value]) => value))])],
  );

  yield '## Cases\n\n';
  const caseColumns = ['case', 'status', 'verdict', 'evidence', 'keywords', 'tool calls', 'duration', 'failed checks'];
  if (repeated) caseColumns.splice(2, 0, 'runs passed', 'run pass rate (95% CI)');
  yield* table(caseColumns, sections('rows'));

  yield* section('## Not run\n\n', sections('notRun'), '\n');
  yield* section('## Failed checks\n\n', sections('failed'));
  yield* section(
    '## Warnings\n\nChecks whose severity is `warn`: reported, but they do not fail the case.\n\n',
    sections('warnings'),
  );
  if (repeated) {
    yield '## Runs\n\n';
    yield* table(['case', 'run', 'session', 'status', 'verdict', 'failed checks or reason'], sections('runs'));
  }
}

/** A section's heading, its fragments and its end; nothing at all when no case has a fragment in it. */
function* section(heading: string, fragments: Iterable<string>, end = ''): Generator<string, void, undefined> {
  let empty = true;
  for (const text of fragments) {
    if (text === '') continue;
    if (empty) yield heading;
    empty = false;
    yield text;
  }
  if (!empty) yield end;
}

/** A case's heading under "Failed checks" or "Warnings", and its checks' messages. */
function checkMessages(caseId: string, checks: readonly { check: string; message: string }[]): string {
  if (checks.length === 0) return '';
  return linesText([`### \`${caseId}\``, '', ...checks.map((row) => `- **${row.check}**: ${inline(row.message)}`), '']);
}

function caseRow(result: CaseResult, repeated: boolean): string[] {
  const runs = `${result.passedRuns ?? 0}/${result.runs?.length ?? 0}${result.flaky === true ? ' (flaky)' : ''}`;
  return [
    `\`${result.caseId}\``,
    STATUS_LABEL[result.status],
    ...(repeated ? [runs, formatRunPassRate(result)] : []),
    result.verdict ?? '–',
    formatEvidence(result),
    formatKeywords(result),
    formatCount(result.toolCallCount),
    formatDuration(result.durationMs),
    formatCheckList(result),
  ];
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

function linesText(lines: string[]): string {
  return `${lines.join('\n')}\n`;
}

/** A message outside a table: one line (a lone "\r" ends a line in Markdown too), so a list item stays one item; shown as text. */
function inline(text: string): string {
  return markdownText(text.replace(/\s*[\r\n]\s*/gu, ' '));
}
