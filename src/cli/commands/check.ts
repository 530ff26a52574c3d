import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { displayPath } from '../../io/display-path.js';
import { compareReports } from '../../diff/compare.js';
import { loadReportFile } from '../../diff/load-report.js';
import { formatDiffVerdictLine } from '../../diff/render/markdown.js';
import { formatsFlag, numberFlag, type ParsedValues } from '../args.js';
import { FLAG_RANGES } from '../flag-ranges.js';
import type { CliIo } from '../io.js';
import type { Settings } from '../settings.js';
import { printReportSummary, printWritten } from '../summary.js';
import { checkOutputFolder } from '../output-folder.js';
import { diffFiles, reportFiles, writeAll } from '../write-outputs.js';
import { printDiffSummary } from './diff.js';
import { evaluateCases } from './run.js';

/**
 * The CI gate: run the cases, diff against the committed baseline, fail only on regressions.
 * Failures the baseline already had do not fail the gate: they are known, not new.
 */
export async function checkCommand(values: ParsedValues, positionals: string[], settings: Settings, io: CliIo): Promise<number> {
  const formats = formatsFlag('check', values);
  const costTolerance = numberFlag('check', values, 'cost-tolerance', FLAG_RANGES['cost-tolerance']);
  const baselineLabel = displayPath(settings.baselineReport, io.cwd);
  checkOutputFolder('check', '--out', settings.out, io.cwd, settings.baselineReport);
  // The baseline is read first: an unusable baseline is an input error (exit 2) before any work is done.
  const baseline = await loadReportFile(settings.baselineReport, baselineLabel);
  const { report, warnings } = await evaluateCases('check', settings, values, positionals, io);
  const diff = compareReports(baseline, report, { costTolerance });
  // The previous run's diff goes first, and the four files are put in place together, so the
  // folder never holds a new report beside an old diff, even when the run is stopped half-way.
  await removeStaleDiffFiles(settings.out);
  const written = await writeAll([
    ...reportFiles(settings.out, report, formats),
    ...diffFiles(settings.out, diff, formats, { baselinePath: baselineLabel, currentPath: displayPath(join(settings.out, 'report.json'), io.cwd) }),
  ]);
  if (values['quiet'] !== true) {
    printReportSummary(io, 'check', report);
    for (const warning of warnings) io.stderr(`warning: ${warning}\n`);
    printDiffSummary(io, diff);
    printWritten(io, written);
    io.stdout(`${formatDiffVerdictLine(diff)}\n`);
  }
  return diff.summary.regressions > 0 ? 1 : 0;
}

async function removeStaleDiffFiles(folder: string): Promise<void> {
  for (const name of ['diff.json', 'diff.md']) {
    await rm(join(folder, name), { force: true }).catch((error: NodeJS.ErrnoException) => {
      // A folder of that name is left for the write to report; nothing else may stop the run here.
      if (error.code !== 'EISDIR' && error.code !== 'ENOTDIR' && error.code !== 'ERR_FS_EISDIR') throw error;
    });
  }
}
