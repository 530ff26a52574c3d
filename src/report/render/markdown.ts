import type { KeywordSynonyms } from '../../cases/types.js';
import type { CaseResult, Report } from '../types.js';
import { formatCount, formatDuration, formatPercent } from './format.js';
import { escapeTableCell as cell } from './markdown-escape.js';

const STATUS_LABEL: Record<CaseResult['status'], string> = {
  passed: '✅ passed',
  failed: '❌ failed',
  not_run: '⚠️ not run',
};

/** Lines of report.md given to the writer at a time. */
const LINES_PER_CHUNK = 2_000;

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
export function* renderReportMarkdownChunks(report: Report): Generator<string, void, undefined> {
  let batch: string[] = [];
  let started = false;
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
  for (const line of markdownLines(report)) {
    batch.push(line);
    if (batch.length < LINES_PER_CHUNK) continue;
    const out = release(`${started ? '\n' : ''}${batch.join('\n')}`);
    started = true;
    batch = [];
    if (out !== '') yield out;
  }
  const out = release(`${started ? '\n' : ''}${batch.join('\n')}`);
  yield `${out}\n`;
}

const TRAILING_SPACE = /\s+$/u;

function* markdownLines(report: Report): Generator<string, void, undefined> {
  const { summary } = report;
  const repeated = summary.repeat !== undefined;
  yield '# Diagnosis evaluation report';
  yield '';
  const warned = summary.casesWithWarnings ?? 0;
  const warnedNote = warned === 0 ? '' : ` ${warned} ${warned === 1 ? 'case has' : 'cases have'} warnings.`;
  yield `**${summary.passed} of ${summary.total} ${summary.total === 1 ? 'case' : 'cases'} passed** (${formatPercent(summary.passRate)}).${warnedNote}`;
  yield '';

  const summaryColumns = [
    'total',
    'passed',
    'failed',
    'not run',
    'pass rate',
    'verdicts',
    'avg tool calls',
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
    formatDuration(summary.avgDurationMs),
  ];
  if (repeated) {
    summaryColumns.push('runs per case', 'pass@k', 'run pass rate');
    summaryValues.push(
      String(summary.repeat),
      formatPercent(summary.passAtK ?? null),
      formatPercent(summary.runPassRate ?? null),
    );
  }
  yield* tableLines(summaryColumns, [summaryValues]);

  yield '## Cases';
  yield '';
  const caseColumns = ['case', 'status', 'verdict', 'evidence', 'keywords', 'tool calls', 'duration', 'failed checks'];
  if (repeated) caseColumns.splice(2, 0, 'runs passed');
  yield* tableLines(caseColumns, caseRows(report.cases, repeated));

  if (report.cases.some((result) => result.status === 'not_run')) {
    yield '## Not run';
    yield '';
    for (const result of report.cases) {
      if (result.status === 'not_run') yield `- \`${result.caseId}\`: ${inline(result.reason ?? 'no reason recorded')}`;
    }
    yield '';
  }

  if (report.cases.some((result) => result.failedChecks.length > 0)) {
    yield '## Failed checks';
    yield '';
    for (const result of report.cases) {
      if (result.failedChecks.length === 0) continue;
      yield `### \`${result.caseId}\``;
      yield '';
      for (const failure of result.failedChecks) yield `- **${failure.check}**: ${inline(failure.message)}`;
      yield '';
    }
  }

  if (report.cases.some((result) => (result.warnedChecks ?? []).length > 0)) {
    yield '## Warnings';
    yield '';
    yield 'Checks whose severity is `warn`: reported, but they do not fail the case.';
    yield '';
    for (const result of report.cases) {
      const warnings = result.warnedChecks ?? [];
      if (warnings.length === 0) continue;
      yield `### \`${result.caseId}\``;
      yield '';
      for (const warning of warnings) yield `- **${warning.check}**: ${inline(warning.message)}`;
      yield '';
    }
  }

  if (repeated) {
    yield '## Runs';
    yield '';
    yield* tableLines(
      ['case', 'run', 'session', 'status', 'verdict', 'failed checks or reason'],
      runRows(report.cases),
    );
  }
}

function* caseRows(results: readonly CaseResult[], repeated: boolean): Generator<string[], void, undefined> {
  for (const result of results) {
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
      );
    yield row;
  }
}

function* runRows(results: readonly CaseResult[]): Generator<string[], void, undefined> {
  for (const result of results) {
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
  }
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

/** A table and the blank line after it. */
function* tableLines(columns: string[], rows: Iterable<string[]>): Generator<string, void, undefined> {
  yield `| ${columns.map(cell).join(' | ')} |`;
  yield `| ${columns.map(() => '---').join(' | ')} |`;
  for (const row of rows) yield `| ${row.map(cell).join(' | ')} |`;
  yield '';
}

/** A message outside a table: one line, so a list item stays one item. */
function inline(text: string): string {
  return text.replace(/\s*\n\s*/gu, ' ');
}
