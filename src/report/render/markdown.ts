import type { KeywordSynonyms } from '../../cases/types.js';
import type { CaseResult, Report } from '../types.js';
import { formatCount, formatDuration, formatPercent } from './format.js';
import { escapeTableCell as cell } from './markdown-escape.js';

const STATUS_LABEL: Record<CaseResult['status'], string> = {
  passed: '✅ passed',
  failed: '❌ failed',
  not_run: '⚠️ not run',
};

/**
 * report.md: the page a reviewer reads in a pull request (S08). A summary table, one row per
 * case, then the message of every failed check. Pure: the same report gives the same text.
 */
export function renderReportMarkdown(report: Report): string {
  const { summary } = report;
  const repeated = summary.repeat !== undefined;
  const lines: string[] = ['# Diagnosis evaluation report', ''];
  const warned = summary.casesWithWarnings ?? 0;
  const warnedNote = warned === 0 ? '' : ` ${warned} ${warned === 1 ? 'case has' : 'cases have'} warnings.`;
  lines.push(`**${summary.passed} of ${summary.total} ${summary.total === 1 ? 'case' : 'cases'} passed** (${formatPercent(summary.passRate)}).${warnedNote}`, '');

  const summaryColumns = ['total', 'passed', 'failed', 'not run', 'pass rate', 'verdicts', 'avg tool calls', 'avg duration'];
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
    summaryValues.push(String(summary.repeat), formatPercent(summary.passAtK ?? null), formatPercent(summary.runPassRate ?? null));
  }
  appendTable(lines, summaryColumns, [summaryValues]);

  lines.push('## Cases', '');
  const caseColumns = ['case', 'status', 'verdict', 'evidence', 'keywords', 'tool calls', 'duration', 'failed checks'];
  if (repeated) caseColumns.splice(2, 0, 'runs passed');
  const caseRows = report.cases.map((result) => {
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
    if (repeated) row.splice(2, 0, `${result.passedRuns ?? 0}/${result.runs?.length ?? 0}${result.flaky === true ? ' (flaky)' : ''}`);
    return row;
  });
  appendTable(lines, caseColumns, caseRows);

  const notRun = report.cases.filter((result) => result.status === 'not_run');
  if (notRun.length > 0) {
    lines.push('## Not run', '');
    for (const result of notRun) lines.push(`- \`${result.caseId}\`: ${inline(result.reason ?? 'no reason recorded')}`);
    lines.push('');
  }

  const failed = report.cases.filter((result) => result.failedChecks.length > 0);
  if (failed.length > 0) {
    lines.push('## Failed checks', '');
    for (const result of failed) {
      lines.push(`### \`${result.caseId}\``, '');
      for (const failure of result.failedChecks) lines.push(`- **${failure.check}**: ${inline(failure.message)}`);
      lines.push('');
    }
  }

  const withWarnings = report.cases.filter((result) => (result.warnedChecks ?? []).length > 0);
  if (withWarnings.length > 0) {
    lines.push('## Warnings', '', 'Checks whose severity is `warn`: reported, but they do not fail the case.', '');
    for (const result of withWarnings) {
      lines.push(`### \`${result.caseId}\``, '');
      for (const warning of result.warnedChecks ?? []) lines.push(`- **${warning.check}**: ${inline(warning.message)}`);
      lines.push('');
    }
  }

  if (repeated) {
    lines.push('## Runs', '');
    const runRows = report.cases.flatMap((result) =>
      (result.runs ?? []).map((run, index) => [
        `\`${result.caseId}\``,
        String(index + 1),
        run.sessionId === null ? '–' : `\`${run.sessionId}\``,
        STATUS_LABEL[run.status],
        run.verdict ?? '–',
        run.failedChecks.map((failure) => failure.check).join(', ') || (run.reason ?? '–'),
      ]),
    );
    appendTable(lines, ['case', 'run', 'session', 'status', 'verdict', 'failed checks or reason'], runRows);
  }
  return `${lines.join('\n').trimEnd()}\n`;
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
  return coverage.missing.length === 0 ? counted : `${counted}, missing: ${coverage.missing.map(formatConcept).join(', ')}`;
}

function formatConcept(concept: KeywordSynonyms): string {
  return typeof concept === 'string' ? concept : concept.join(' / ');
}

/**
 * A table and the blank line after it. Row by row, not `push(...rows)`: spreading a hundred
 * thousand rows into one call overflows the call stack.
 */
function appendTable(lines: string[], columns: string[], rows: string[][]): void {
  lines.push(`| ${columns.map(cell).join(' | ')} |`, `| ${columns.map(() => '---').join(' | ')} |`);
  for (const row of rows) lines.push(`| ${row.map(cell).join(' | ')} |`);
  lines.push('');
}

/** A message outside a table: one line, so a list item stays one item. */
function inline(text: string): string {
  return text.replace(/\s*\n\s*/gu, ' ');
}
