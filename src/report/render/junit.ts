import { xmlAttribute, xmlText } from '../../view/xml-text.js';
import type { CaseResult, Report, ReportSummary } from '../types.js';

export interface JunitOptions {
  /** The case file as shown to the user (relative, with `/`): the suite's name and each test's classname. */
  caseFile: string;
}

/**
 * report.junit.xml (docs/contract.md §1, S50): one `<testsuite>` for the case file, one
 * `<testcase>` per case, one `<failure>` per failing check (type = check id), `<skipped>` for a
 * case that did not run. The attributes are those GitLab and Jenkins read. Pure and deterministic:
 * no timestamp or host name; `time` is the duration the trace records, not the harness's clock.
 */
export function renderReportJunit(report: Report, options: JunitOptions): string {
  const file = xmlAttribute(options.caseFile);
  const totalMs = report.cases.reduce((sum, result) => sum + (result.durationMs ?? 0), 0);
  let text = junitHead(report.summary, totalMs, file);
  for (const result of report.cases) text += junitTestcase(result, file);
  return text + JUNIT_TAIL;
}

/**
 * report.junit.xml up to its first test case. `totalMs`: the cases' durations added up in case
 * order, a missing one as 0; `file`: the case file as an XML attribute value.
 */
export function junitHead(summary: ReportSummary, totalMs: number, file: string): string {
  const suiteCounts = `tests="${summary.total}" failures="${summary.failed}" errors="0" skipped="${summary.notRun}" time="${seconds(totalMs)}"`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="diag-eval" ${suiteCounts}>`,
    `  <testsuite name="${file}" ${suiteCounts}>`,
    '    <properties>',
    property(6, 'passRate', summary.passRate),
    property(6, 'avgToolCalls', summary.avgToolCalls),
    property(6, 'avgDurationMs', summary.avgDurationMs),
  ];
  for (const [verdict, count] of Object.entries(summary.verdictDistribution))
    lines.push(property(6, `verdict.${verdict}`, count));
  if (summary.repeat !== undefined) {
    lines.push(property(6, 'repeat', summary.repeat));
    lines.push(property(6, 'passAtK', summary.passAtK ?? null));
    lines.push(property(6, 'runPassRate', summary.runPassRate ?? null));
  }
  lines.push('    </properties>');
  return `${lines.join('\n')}\n`;
}

/** What follows the last test case. */
export const JUNIT_TAIL = '  </testsuite>\n</testsuites>\n';

/** One case's `<testcase>` element, its lines each ended by a newline. */
export function junitTestcase(result: CaseResult, file: string): string {
  const time = result.durationMs === null ? '0' : seconds(result.durationMs);
  const lines = [
    `    <testcase classname="${file}" name="${xmlAttribute(result.caseId)}" file="${file}" time="${time}">`,
    '      <properties>',
  ];
  lines.push(property(8, 'verdict', result.verdict));
  lines.push(property(8, 'toolCalls', result.toolCallCount));
  lines.push(property(8, 'durationMs', result.durationMs));
  if (result.traceFixture !== null) lines.push(property(8, 'traceFixture', result.traceFixture));
  if (result.runs !== undefined) {
    // pass^k: the case passes only when all of its runs passed.
    lines.push(property(8, 'passedRuns', `${result.passedRuns ?? 0}/${result.runs.length}`));
    lines.push(property(8, 'flaky', result.flaky === true ? 'true' : 'false'));
  }
  lines.push('      </properties>');
  if (result.status === 'not_run') lines.push(`      <skipped message="${xmlAttribute(result.reason ?? 'not run')}"/>`);
  for (const failed of result.failedChecks)
    lines.push(
      `      <failure message="${xmlAttribute(failed.message)}" type="${xmlAttribute(failed.check)}">${xmlText(`${failed.check}: ${failed.message}`)}</failure>`,
    );
  // Warnings and outcomes this renderer does not know are not failures; CI shows them as the test's output.
  const notes = result.checks
    .filter((row) => !['pass', 'fail', 'skip'].includes(row.outcome))
    .map((row) => `${row.outcome === 'warn' ? 'warning' : row.outcome} ${row.check}: ${row.message}`);
  if (notes.length > 0) lines.push(`      <system-out>${xmlText(notes.join('\n'))}</system-out>`);
  lines.push('    </testcase>');
  return `${lines.join('\n')}\n`;
}

function property(indent: number, name: string, value: string | number | null): string {
  return `${' '.repeat(indent)}<property name="${xmlAttribute(name)}" value="${xmlAttribute(value === null ? '' : String(value))}"/>`;
}

/** Milliseconds as the seconds JUnit's `time` holds, at most three decimals. */
function seconds(milliseconds: number): string {
  return String(Number((milliseconds / 1000).toFixed(3)));
}
