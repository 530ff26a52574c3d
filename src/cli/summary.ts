import { displayPath } from '../io/display-path.js';
import { formatPercent } from '../report/render/format.js';
import type { Report } from '../report/types.js';
import type { CliIo } from './io.js';
import { paint } from './terminal.js';

/** The short human summary on stdout: counts, pass rate, the cases that need attention. */
export function printReportSummary(io: CliIo, command: string, report: Report): void {
  const colour = paint(io);
  const { summary } = report;
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
      `  ${summary.repeat} runs per case: pass@${summary.repeat} ${formatPercent(summary.passAtK ?? null)}, run pass rate ${formatPercent(summary.runPassRate ?? null)}\n`,
    );
  }
  for (const result of report.cases) {
    if (result.status === 'failed') {
      const flaky = result.flaky === true ? ' [flaky]' : '';
      io.stdout(
        `  ${colour.red('failed')}   ${result.caseId}${flaky}: ${result.failedChecks.map((failed) => failed.check).join(', ')}\n`,
      );
    } else if (result.status === 'not_run') {
      io.stdout(`  ${colour.yellow('not run')}  ${result.caseId}: ${result.reason ?? ''}\n`);
    }
    const warned = result.warnedChecks ?? [];
    if (warned.length > 0) {
      io.stdout(
        `  ${colour.yellow('warn')}     ${result.caseId}: ${warned.map((warning) => warning.check).join(', ')}\n`,
      );
    }
  }
}

export function printWritten(io: CliIo, paths: readonly string[]): void {
  for (const path of paths) io.stdout(`wrote ${displayPath(path, io.cwd)}\n`);
}
