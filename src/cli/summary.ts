import { consolePath } from '../io/files/display-path.js';
import type { CaseResult, Report, ReportSummary } from '../report/types.js';
import { formatPercent } from '../view/format.js';
import type { CliIo } from './io.js';
import { printable, printed } from './printable.js';
import { paint } from './terminal.js';

/** The short human summary on stdout: counts, pass rate, the cases that need attention. */
export function printReportSummary(io: CliIo, command: string, report: Report): void {
  printSummaryHead(io, command, report.summary);
  const lines = caseAttentionLines(io);
  for (const result of report.cases) io.stdout(lines(result));
}

/** The summary's first lines: counts and pass rate (with --repeat, the pass@k figures). */
export function printSummaryHead(io: CliIo, command: string, summary: ReportSummary): void {
  const colour = paint(io);
  const counts = [
    colour.green(`${summary.passed} passed`),
    summary.failed > 0 ? colour.red(`${summary.failed} failed`) : `${summary.failed} failed`,
    summary.notRun > 0 ? colour.yellow(`${summary.notRun} not run`) : `${summary.notRun} not run`,
  ].join(', ');
  const cases = summary.total === 1 ? 'case' : 'cases';
  io.stdout(
    `diag-eval ${command}: ${summary.total} ${cases}: ${counts} (pass rate ${formatPercent(summary.passRate)})\n`,
  );
  if (summary.repeat !== undefined) {
    io.stdout(
      printed`  ${summary.repeat} runs per case: pass@${summary.repeat} ${formatPercent(summary.passAtK ?? null)}, run pass rate ${formatPercent(summary.runPassRate ?? null)}\n`,
    );
  }
}

/** The summary's lines for one case that needs attention (failed, not run, warned), or '' for one that does not. */
export function caseAttentionLines(io: CliIo): (result: CaseResult) => string {
  const colour = paint(io);
  return (result) => {
    let text = '';
    if (result.status === 'failed') {
      const flaky = result.flaky === true ? ' [flaky]' : '';
      text += `  ${colour.red('failed')}   ${printable(result.caseId)}${flaky}: ${printable(result.failedChecks.map((failed) => failed.check).join(', '))}\n`;
    } else if (result.status === 'not_run') {
      text += `  ${colour.yellow('not run')}  ${printable(result.caseId)}: ${printable(result.reason ?? '')}\n`;
    }
    const warned = result.warnedChecks ?? [];
    if (warned.length > 0) {
      text += `  ${colour.yellow('warn')}     ${printable(result.caseId)}: ${printable(warned.map((warning) => warning.check).join(', '))}\n`;
    }
    return text;
  };
}

export function printWarnings(io: CliIo, warnings: Iterable<string>): void {
  for (const warning of warnings) io.stderr(printed`warning: ${warning}\n`);
}

export function printWritten(io: CliIo, paths: readonly string[]): void {
  for (const path of paths) io.stdout(printed`wrote ${consolePath(path, io.cwd)}\n`);
}
