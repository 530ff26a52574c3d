import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { CaseLines } from '../../cases/case-lines.js';
import { compareReports } from '../../diff/compare.js';
import { loadReportFile } from '../../diff/load-report.js';
import { regressionVerdictLine } from '../../diff/regressed-cases.js';
import { renderDiffMarkdown } from '../../diff/render/markdown.js';
import { InputError } from '../../io/errors.js';
import { displayPath } from '../../io/files/display-path.js';
import { renderReportMarkdown } from '../../report/render/markdown.js';
import { formatsFlag, numberFlag, type ParsedValues, stringFlag } from '../args.js';
import { FLAG_RANGES } from '../flag-ranges.js';
import { CaseAnnotations, inGithubActions, reportToGithubActions } from '../github-actions.js';
import type { CliIo } from '../io.js';
import { checkOutputFolder } from '../output-folder.js';
import { printed } from '../printable.js';
import { resolveSettings } from '../settings.js';
import { printReportSummary, printWritten } from '../summary.js';
import { diffFiles, reportFiles, writeAll } from '../write-outputs.js';
import { assertGatingOnly, loadGatedReport } from './check-report.js';
import { printDiffSummary } from './diff.js';
import { annotationsWanted, type EvaluatedRun, evaluateCases, reportWants } from './run.js';

/**
 * The CI gate: run the cases, diff against the committed baseline, fail only on regressions.
 * Failures the baseline already had do not fail the gate: they are known, not new.
 */
export async function checkCommand(values: ParsedValues, positionals: string[], io: CliIo): Promise<number> {
  const settings = await resolveSettings(io.cwd, values);
  const formats = formatsFlag('check', values);
  const costTolerance = numberFlag('check', values, 'cost-tolerance', FLAG_RANGES['cost-tolerance']);
  const alpha = numberFlag('check', values, 'alpha', FLAG_RANGES.alpha);
  const baselineLabel = displayPath(settings.baselineReport, io.cwd);
  const reportFlag = stringFlag(values, 'report');
  if (reportFlag !== null) assertGatingOnly(values, positionals);
  checkOutputFolder('check', '--out', settings.out, io.cwd, settings.baselineReport);
  // The usual cause on a new suite: no baseline was made yet. Say how to make one.
  if (!existsSync(settings.baselineReport)) {
    throw new InputError(`no baseline at ${baselineLabel}: create it with diag-eval baseline`);
  }
  // The baseline is read first: an unusable baseline is an input error (exit 2) before any work is done.
  const baseline = await loadReportFile(settings.baselineReport, baselineLabel);
  const given = reportFlag === null ? null : await loadGatedReport(resolve(io.cwd, reportFlag), io.cwd);
  const evaluated =
    given === null
      ? await evaluateCases(
          'check',
          settings,
          values,
          positionals,
          io,
          reportWants('check', formats, settings, values, io),
        )
      : null;
  const report = given?.report ?? (evaluated as EvaluatedRun).report;
  const warnings = given?.warnings ?? (evaluated as EvaluatedRun).warnings;
  // A given report has no case file beside it: its annotations name the configured case file, without lines.
  const cases: CaseLines = evaluated?.cases ?? {
    displayName: displayPath(settings.cases, io.cwd),
    lineOfCase: () => null,
  };
  const diff = compareReports(baseline, report, { costTolerance, alpha });
  const labels = {
    baselinePath: baselineLabel,
    currentPath: given?.label ?? displayPath(join(settings.out, 'report.json'), io.cwd),
  };
  // The previous run's diff goes first, and the files are put in place together, so the folder
  // never holds a new report beside an old diff, even when the run is stopped half-way.
  await removeStaleDiffFiles(settings.out);
  const written = await writeAll(
    evaluated === null
      ? // A given report is gated as it is: it is not written again, and its diff page is diff.html;
        // asked for junit, its JUnit file is written, for the CI's test view.
        [
          ...(await diffFiles(
            settings.out,
            diff,
            formats.filter((format) => format !== 'junit'),
            labels,
            { baseline, current: report },
          )),
          ...(formats.includes('junit')
            ? await reportFiles(settings.out, report, ['junit'], { caseFile: cases.displayName, details: null })
            : []),
        ]
      : [
          ...(await reportFiles(settings.out, report, formats, {
            caseFile: cases.displayName,
            details: evaluated.details,
            diff: { diff, labels, baseline },
          })),
          // The HTML page of check is report.html with its diff tab; no separate diff.html.
          ...(await diffFiles(
            settings.out,
            diff,
            formats.filter((format) => format !== 'html'),
            labels,
          )),
        ],
  );
  if (values['quiet'] !== true) {
    printReportSummary(io, 'check', report);
    for (const warning of warnings) io.stderr(printed`warning: ${warning}\n`);
    printDiffSummary(io, diff, written);
    printWritten(io, written);
    io.stdout(printed`${regressionVerdictLine(diff)}\n`);
  }
  if (inGithubActions(io)) {
    await reportToGithubActions(io, {
      caseAnnotations: CaseAnnotations.of(report.cases),
      diff,
      cases,
      // The diff first: it is what the gate decided on.
      summaryMarkdown: `${renderDiffMarkdown(diff, labels)}\n${renderReportMarkdown(report)}`,
      annotations: annotationsWanted(settings, values),
    });
  }
  return diff.summary.regressions > 0 ? 1 : 0;
}

async function removeStaleDiffFiles(folder: string): Promise<void> {
  for (const name of ['diff.json', 'diff.md', 'diff.html']) {
    await rm(join(folder, name), { force: true }).catch((error: NodeJS.ErrnoException) => {
      // A folder of that name is left for the write to report; nothing else may stop the run here.
      if (error.code !== 'EISDIR' && error.code !== 'ENOTDIR' && error.code !== 'ERR_FS_EISDIR') throw error;
    });
  }
}
