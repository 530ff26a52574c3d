import { join, resolve } from 'node:path';
import { displayPath } from '../../io/display-path.js';
import { compareReports } from '../../diff/compare.js';
import { loadReportFile } from '../../diff/load-report.js';
import { formatDiffVerdictLine } from '../../diff/render/markdown.js';
import { formatsFlag, numberFlag, stringFlag, type ParsedValues } from '../args.js';
import type { CliIo } from '../io.js';
import type { Settings } from '../settings.js';
import { printReportSummary, printWritten } from '../summary.js';
import { writeDiffFiles, writeReportFiles } from '../write-outputs.js';
import { printDiffSummary } from './diff.js';
import { evaluateCases } from './run.js';
import { assertGatingOnly, loadGatedReport } from './check-report.js';

/**
 * The CI gate: run the cases, diff against the committed baseline, fail only on regressions.
 * Failures the baseline already had do not fail the gate: they are known, not new.
 */
export async function checkCommand(values: ParsedValues, positionals: string[], settings: Settings, io: CliIo): Promise<number> {
  const formats = formatsFlag('check', values);
  const costTolerance = numberFlag('check', values, 'cost-tolerance', { min: 0, integer: false });
  const baselineLabel = displayPath(settings.baselineReport, io.cwd);
  const reportFlag = stringFlag(values, 'report');
  if (reportFlag !== null) assertGatingOnly(values, positionals);
  // The baseline is read first: an unusable baseline is an input error (exit 2) before any work is done.
  const baseline = await loadReportFile(settings.baselineReport, baselineLabel);
  const given = reportFlag === null ? null : await loadGatedReport(resolve(io.cwd, reportFlag), io.cwd);
  const { report, warnings } = given ?? (await evaluateCases('check', settings, values, positionals, io));
  const diff = compareReports(baseline, report, { costTolerance });
  const currentPath = given === null ? displayPath(join(settings.out, 'report.json'), io.cwd) : given.label;
  const written = [
    // A given report is gated as it is: it is not written again.
    ...(given === null ? await writeReportFiles(settings.out, report, formats) : []),
    ...(await writeDiffFiles(settings.out, diff, formats, { baselinePath: baselineLabel, currentPath })),
  ];
  if (values['quiet'] !== true) {
    printReportSummary(io, 'check', report);
    for (const warning of warnings) io.stderr(`warning: ${warning}\n`);
    printDiffSummary(io, diff);
    printWritten(io, written);
    io.stdout(`${formatDiffVerdictLine(diff)}\n`);
  }
  return diff.summary.regressions > 0 ? 1 : 0;
}
