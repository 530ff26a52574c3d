import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { compareReports } from '../../diff/compare.js';
import { loadReportFile } from '../../diff/load-report.js';
import { regressionVerdictLine } from '../../diff/regressed-cases.js';
import { renderDiffMarkdown } from '../../diff/render/markdown.js';
import { InputError } from '../../io/errors.js';
import { displayPath } from '../../io/files/display-path.js';
import { renderReportMarkdown } from '../../report/render/markdown.js';
import { formatsFlag, noPositionals, numberFlag, type ParsedValues, pathFlag } from '../args.js';
import { ALTERNATIVE_SOURCE_FLAGS } from '../commands/shared-flags.js';
import { CaseAnnotations, inGithubActions, reportToGithubActions } from '../github-actions.js';
import type { CliIo } from '../io.js';
import { checkOutputFolder } from '../output-folder.js';
import { printed } from '../printable.js';
import { folderSettingName, resolveSettings } from '../settings.js';
import { printReportSummary, printWarnings, printWritten } from '../summary.js';
import { diffFiles, reportFiles, writeAll } from '../write-outputs.js';
import { printDiffSummary } from './diff.js';
import { annotationsWanted, type EvaluatedRun, evaluateCases } from './run.js';

/** Failures the baseline already had do not fail the gate: they are known, not new. */
export async function checkCommand(values: ParsedValues, positionals: string[], io: CliIo): Promise<number> {
  const settings = await resolveSettings(io.cwd, values);
  const formats = formatsFlag('check', values);
  const costTolerance = numberFlag('check', values, 'cost-tolerance');
  const alpha = numberFlag('check', values, 'alpha');
  const baselineLabel = displayPath(settings.baselineReport, io.cwd);
  const reportFlag = pathFlag(values, 'report', io.cwd);
  if (reportFlag !== null) assertGatingOnly(values, positionals);
  checkOutputFolder(
    'check',
    folderSettingName(values, settings, 'out', io.cwd),
    settings.out,
    io.cwd,
    settings.baselineReport,
  );
  // The usual cause on a new suite: no baseline was made yet. Say how to make one.
  if (!existsSync(settings.baselineReport)) {
    throw new InputError(`no baseline at ${baselineLabel}: create it with diag-eval baseline`);
  }
  // The baseline is read first: an unusable baseline is an input error (exit 2) before any work is done.
  const baseline = await loadReportFile(settings.baselineReport, baselineLabel);
  const current =
    reportFlag === null
      ? await evaluateCases({ command: 'check', settings, values, positionals, io }, formats)
      : await loadGatedReport(reportFlag, settings.cases, io.cwd);
  const { report, warnings, cases } = current;
  const diff = compareReports(baseline, report, { costTolerance, alpha });
  const labels = {
    baselinePath: baselineLabel,
    currentPath: displayPath(reportFlag ?? join(settings.out, 'report.json'), io.cwd),
  };
  // The previous run's diff goes first, and the files are put in place together, so the folder
  // never holds a new report beside an old diff, even when the run is stopped half-way.
  await removeStaleDiffFiles(settings.out);
  // The HTML page of check is report.html with its diff tab; no separate diff.html. A given report
  // is gated as it is: it is not written again, and its diff page is diff.html; asked for junit,
  // its JUnit file is written, for the CI's test view.
  const given = reportFlag !== null;
  const reportFormats = given ? formats.filter((format) => format === 'junit') : formats;
  const diffFormats = given ? formats : formats.filter((format) => format !== 'html');
  const context = { caseFile: cases.displayName, details: current.details, diff: { diff, labels, baseline } };
  const reportPart = reportFiles(settings.out, report, reportFormats, context);
  const diffPart = diffFiles(settings.out, diff, diffFormats, labels, { baseline, current: report });
  const written = await writeAll(given ? [...diffPart, ...reportPart] : [...reportPart, ...diffPart]);
  if (values['quiet'] !== true) {
    printReportSummary(io, 'check', report);
    printWarnings(io, warnings);
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

/**
 * The flags that choose what `check` evaluates; with `--report` nothing is evaluated, so they would be
 * silently ignored. Every flag of live mode and of imported traces is one of them, taken from their declaration.
 */
export const EVALUATION_FLAGS: readonly string[] = ['cases', 'fixtures', ...Object.keys(ALTERNATIVE_SOURCE_FLAGS)];

/** `check --report FILE` gates a report already made (e.g. merged from shards): it evaluates nothing. */
export function assertGatingOnly(values: ParsedValues, positionals: string[]): void {
  const conflicting = EVALUATION_FLAGS.filter((name) => values[name] !== undefined);
  if (conflicting.length > 0) {
    throw new InputError(
      `diag-eval check: --report FILE gates an existing report and evaluates nothing; found --${conflicting[0]}, which chooses what to evaluate: expected one or the other`,
    );
  }
  noPositionals('check', positionals);
}

/** A shard's report is not the whole run: gated alone, every case of the other shards would be "missing". */
export async function loadGatedReport(path: string, casesPath: string, cwd: string): Promise<EvaluatedRun> {
  const label = displayPath(path, cwd);
  const report = await loadReportFile(path, label);
  if (report.shard !== undefined) {
    const { index, count } = report.shard as { index: unknown; count: unknown };
    throw new InputError(
      `${label}: shard: found shard ${String(index)}/${String(count)} of a sharded run, expected a whole run's report (merge the shards first: diag-eval merge REPORT… --out DIR)`,
    );
  }
  // A given report has no case file beside it: its annotations name the configured case file, without lines.
  const cases = { displayName: displayPath(casesPath, cwd), lineOfCase: () => null };
  return { report, warnings: [], cases, details: null };
}
