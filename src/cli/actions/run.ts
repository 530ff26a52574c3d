import type { LocatedCases } from '../../cases/case-lines.js';
import { displayPath } from '../../io/display-path.js';
import { collectCaseDetails } from '../../report/details/collect-details.js';
import type { CaseDetails } from '../../report/details/types.js';
import { renderReportMarkdown } from '../../report/render/markdown.js';
import type { Report } from '../../report/types.js';
import { runCases } from '../../run-cases.js';
import { parseShardFlag } from '../../shard/shard-spec.js';
import { chooseTraceSource } from '../../sources/choose-source.js';
import { formatsFlag, type ParsedValues, stringFlag } from '../args.js';
import { inGithubActions, reportToGithubActions } from '../github-actions.js';
import type { CliIo } from '../io.js';
import { loadSettingsCaseFile } from '../load-settings-cases.js';
import { checkOutputFolder } from '../output-folder.js';
import { createProgressLine } from '../progress.js';
import { resolveSettings, type Settings } from '../settings.js';
import { printReportSummary, printWritten } from '../summary.js';
import { writeReportFiles } from '../write-outputs.js';

export interface EvaluatedRun {
  report: Report;
  warnings: string[];
  /** The cases with their case file's name and lines (JUnit, annotations). */
  cases: LocatedCases;
  /** One per case when asked for (the HTML report), else null. */
  details: CaseDetails[] | null;
}

/**
 * Loads the cases, picks the trace source the flags ask for, and evaluates every case.
 * Shared by run, baseline and check, which differ only in where they write.
 */
export async function evaluateCases(
  command: string,
  settings: Settings,
  values: ParsedValues,
  positionals: string[],
  io: CliIo,
  wants: { details: boolean; caseLines: boolean } = { details: false, caseLines: false },
): Promise<EvaluatedRun> {
  const located = await loadSettingsCaseFile(settings, io.cwd, wants.caseLines || wants.details);
  const collectDetails = wants.details;
  const shardFlag = stringFlag(values, 'shard');
  const shard = shardFlag === null ? null : parseShardFlag(command, shardFlag);
  // Sharding hashes case ids and the case file (node:crypto): loaded only with --shard.
  const sharding = shard === null ? null : await import('../shard-run.js');
  const selection = shard === null || sharding === null ? null : sharding.selectShard(located.cases, shard);
  // A shard's reports (JUnit, annotations, HTML) name the lines of its own cases in the whole case file.
  const shardCases: LocatedCases =
    selection === null
      ? located
      : {
          ...located,
          cases: selection.cases,
          lineOf: (index) => located.lineOf(selection.caseIndexes[index] as number),
        };
  const { cases } = shardCases;
  // The source sees every case, so that a shard does not take the fixtures or traces of the other shards' cases for orphans.
  const { source, repeat } = await chooseTraceSource(command, values, positionals, {
    fixtures: settings.fixtures,
    cases: located.cases,
    cwd: io.cwd,
  });
  const progress = createProgressLine(io, values['quiet'] === true);
  const details: CaseDetails[] | null = collectDetails ? new Array<CaseDetails>(cases.length) : null;
  const report = await runCases(cases, source, settings.config.contract, {
    repeat,
    onCaseDone: progress.update,
    // A repeated case shows its first run that produced a trace, as its report row does (contract §8).
    onCaseEvaluated:
      details === null
        ? undefined
        : (index, evalCase, inputs) => {
            const shown = inputs.find((input) => input.kind !== 'not_run') ?? inputs[0];
            if (shown !== undefined) details[index] = collectCaseDetails(evalCase, shown, shardCases.lineOf(index));
          },
  });
  progress.clear();
  if (shard === null || selection === null || sharding === null)
    return { report, warnings: source.warnings(), cases: shardCases, details };
  const casesHash = await sharding.hashCaseFile(settings.cases, displayPath(settings.cases, io.cwd));
  return {
    report: sharding.markShardReport(report, shard, casesHash, selection.caseIndexes),
    warnings: source.warnings(),
    cases: shardCases,
    details,
  };
}

/** Evaluates the cases, writes the reports into `folder`, and prints the summary (unless --quiet). */
export async function evaluateAndWrite(
  command: string,
  folder: string,
  settings: Settings,
  values: ParsedValues,
  positionals: string[],
  io: CliIo,
): Promise<Report> {
  const formats = formatsFlag(command, values);
  const { report, warnings, cases, details } = await evaluateCases(
    command,
    settings,
    values,
    positionals,
    io,
    reportWants(command, formats, settings, values, io),
  );
  const written = await writeReportFiles(folder, report, formats, { caseFile: cases.displayName, details });
  if (values['quiet'] !== true) {
    printReportSummary(io, command, report);
    for (const warning of warnings) io.stderr(`warning: ${warning}\n`);
    printWritten(io, written);
  }
  if (command === 'run' && inGithubActions(io)) {
    await reportToGithubActions(io, {
      report,
      diff: null,
      cases,
      summaryMarkdown: renderReportMarkdown(report),
      annotations: annotationsWanted(settings, values),
    });
  }
  return report;
}

/** What a command needs beyond report.json: the traces' details for HTML, case lines for HTML and annotations. */
export function reportWants(
  command: string,
  formats: readonly string[],
  settings: Settings,
  values: ParsedValues,
  io: CliIo,
): { details: boolean; caseLines: boolean } {
  const annotating =
    (command === 'run' || command === 'check') && inGithubActions(io) && annotationsWanted(settings, values);
  return { details: formats.includes('html'), caseLines: annotating };
}

/** `--no-annotations` or `annotations: false` in the config turn the CI annotations off. */
export function annotationsWanted(settings: Settings, values: ParsedValues): boolean {
  return values['no-annotations'] !== true && settings.config.annotations !== false;
}

export async function runCommand(values: ParsedValues, positionals: string[], io: CliIo): Promise<number> {
  const settings = await resolveSettings(io.cwd, values);
  checkOutputFolder('run', '--out', settings.out, io.cwd, settings.baselineReport);
  const report = await evaluateAndWrite('run', settings.out, settings, values, positionals, io);
  return report.summary.passed === report.summary.total ? 0 : 1;
}

/** Known failures may be recorded in a baseline: it is written, and that is success. */
export async function baselineCommand(values: ParsedValues, positionals: string[], io: CliIo): Promise<number> {
  const settings = await resolveSettings(io.cwd, values);
  checkOutputFolder('baseline', '--baseline-dir', settings.baselineDir, io.cwd, null);
  await evaluateAndWrite('baseline', settings.baselineDir, settings, values, positionals, io);
  return 0;
}
