import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { displayPath } from '../../io/display-path.js';
import { compareReports } from '../../diff/compare.js';
import { loadReportFile } from '../../diff/load-report.js';
import { formatDiffVerdictLine, renderDiffMarkdown } from '../../diff/render/markdown.js';
import { InputError } from '../../errors.js';
import { renderReportMarkdown } from '../../report/render/markdown.js';
import { formatsFlag, numberFlag, stringFlag, type ParsedValues } from '../args.js';
import { inGithubActions, reportToGithubActions } from '../github-actions.js';
import type { CliIo } from '../io.js';
import type { Settings } from '../settings.js';
import { printReportSummary, printWritten } from '../summary.js';
import { writeDiffFiles, writeReportFiles } from '../write-outputs.js';
import { printDiffSummary } from './diff.js';
import { annotationsWanted, evaluateCases, reportWants, type EvaluatedRun } from './run.js';
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
  // The usual cause on a new suite: no baseline was made yet. Say how to make one.
  if (!existsSync(settings.baselineReport)) {
    throw new InputError(`no baseline at ${baselineLabel}: create it with diag-eval baseline`);
  }
  // The baseline is read first: an unusable baseline is an input error (exit 2) before any work is done.
  const baseline = await loadReportFile(settings.baselineReport, baselineLabel);
  const given = reportFlag === null ? null : await loadGatedReport(resolve(io.cwd, reportFlag), io.cwd);
  const evaluated =
    given === null ? await evaluateCases('check', settings, values, positionals, io, reportWants('check', formats, settings, values, io)) : null;
  const report = given?.report ?? (evaluated as EvaluatedRun).report;
  const warnings = given?.warnings ?? (evaluated as EvaluatedRun).warnings;
  // A given report has no case file beside it: its annotations name the configured case file, without lines.
  const cases = evaluated?.cases ?? { cases: [], displayName: displayPath(settings.cases, io.cwd), lineOf: () => null };
  const diff = compareReports(baseline, report, { costTolerance });
  const labels = { baselinePath: baselineLabel, currentPath: given?.label ?? displayPath(join(settings.out, 'report.json'), io.cwd) };
  const written =
    evaluated === null
      ? // A given report is gated as it is: it is not written again, and its diff page is diff.html.
        await writeDiffFiles(settings.out, diff, formats.filter((format) => format !== 'junit'), labels, { baseline, current: report })
      : [
          ...(await writeReportFiles(settings.out, report, formats, { caseFile: cases.displayName, details: evaluated.details, diff: { diff, labels, baseline } })),
          // The HTML page of check is report.html with its diff tab; no separate diff.html.
          ...(await writeDiffFiles(settings.out, diff, formats.filter((format) => format !== 'html'), labels)),
  ];
  if (values['quiet'] !== true) {
    printReportSummary(io, 'check', report);
    for (const warning of warnings) io.stderr(`warning: ${warning}\n`);
    printDiffSummary(io, diff);
    printWritten(io, written);
    io.stdout(`${formatDiffVerdictLine(diff)}\n`);
  }
  if (inGithubActions(io)) {
    await reportToGithubActions(io, {
      report,
      diff,
      cases,
      // The diff first: it is what the gate decided on.
      summaryMarkdown: `${renderDiffMarkdown(diff, labels)}\n${renderReportMarkdown(report)}`,
      annotations: annotationsWanted(settings, values),
    });
  }
  return diff.summary.regressions > 0 ? 1 : 0;
}
