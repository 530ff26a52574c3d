import { join } from 'node:path';
import { type CaseLines, caseLinesOf, type LocatedCases } from '../../cases/case-lines.js';
import { collectCaseDetails } from '../../evaluate/collect-details.js';
import { runCases, runCasesStreamed } from '../../evaluate/run-cases.js';
import { displayPath } from '../../io/files/display-path.js';
import { ensureFolder } from '../../io/files/ensure-folder.js';
import type { CaseDetails } from '../../model/case-details.js';
import { renderReportMarkdownChunks } from '../../report/render/markdown.js';
import { ReportSpill, type SpillFormats } from '../../report/report-spill.js';
import type { Report, ReportSummary } from '../../report/types.js';
import { parseShardFlag } from '../../shard/shard-spec.js';
import { formatsFlag, type ParsedValues, type ReportFormat, stringFlag } from '../args.js';
import { chooseTraceSource } from '../choose-source.js';
import { CaseAnnotations, inGithubActions, reportToGithubActions } from '../github-actions.js';
import type { CliIo } from '../io.js';
import { loadSettingsCaseFile, loadSettingsCaseSequence } from '../load-settings-cases.js';
import { checkOutputFolder } from '../output-folder.js';
import { printed } from '../printable.js';
import { createProgressLine } from '../progress.js';
import { resolveSettings, type Settings } from '../settings.js';
import { caseAttentionLines, printReportSummary, printSummaryHead, printWritten } from '../summary.js';
import { type PlannedFile, writeAll, writeReportFiles } from '../write-outputs.js';

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
): Promise<ReportSummary> {
  const formats = formatsFlag(command, values);
  const wants = reportWants(command, formats, settings, values, io);
  // The HTML page shows every case's trace details, and a shard's report is reshaped once whole:
  // those are made from the report in memory; every other run writes its cases out as they come.
  if (!wants.details && stringFlag(values, 'shard') === null)
    return evaluateAndWriteStreamed(command, folder, settings, values, positionals, io, formats, wants);
  const evaluated = await evaluateCases(command, settings, values, positionals, io, wants);
  await writeAndTell(command, folder, settings, values, io, formats, {
    ...evaluated,
    cases: caseLinesOf(evaluated.cases),
  });
  return evaluated.report.summary;
}

async function writeAndTell(
  command: string,
  folder: string,
  settings: Settings,
  values: ParsedValues,
  io: CliIo,
  formats: readonly ReportFormat[],
  {
    report,
    warnings,
    cases,
    details = null,
  }: Omit<EvaluatedRun, 'cases' | 'details'> & {
    cases: CaseLines;
    details?: CaseDetails[] | null;
  },
): Promise<void> {
  const written = await writeReportFiles(folder, report, formats, { caseFile: cases.displayName, details });
  if (values['quiet'] !== true) {
    printReportSummary(io, command, report);
    for (const warning of warnings) io.stderr(printed`warning: ${warning}\n`);
    printWritten(io, written);
  }
  if (command === 'run' && inGithubActions(io)) {
    await reportToGithubActions(io, {
      caseAnnotations: CaseAnnotations.of(report.cases),
      diff: null,
      cases,
      summaryMarkdown: renderReportMarkdownChunks(report),
      annotations: annotationsWanted(settings, values),
    });
  }
}

/**
 * evaluateAndWrite with memory flat in the number of cases: each case's result is written out
 * as it comes (report-spill.ts) and only the summary's figures are kept; the reports are then
 * copied together from what was written out, byte for byte those of the report held in memory.
 * When the out folder cannot take the hidden folder, the report is kept in memory instead.
 */
async function evaluateAndWriteStreamed(
  command: string,
  folder: string,
  settings: Settings,
  values: ParsedValues,
  positionals: string[],
  io: CliIo,
  formats: readonly ReportFormat[],
  wants: { caseLines: boolean },
): Promise<ReportSummary> {
  // A valid JSON case file of 16 MiB or more is read a case at a time: no case is kept once it is evaluated.
  const cases = await loadSettingsCaseSequence(settings, io.cwd, wants.caseLines);
  const { source, repeat } = await chooseTraceSource(command, values, positionals, {
    fixtures: settings.fixtures,
    cases: cases.cases,
    cwd: io.cwd,
  });
  const quiet = values['quiet'] === true;
  const progress = createProgressLine(io, quiet);
  const inActions = command === 'run' && inGithubActions(io);
  const spill = await openSpill(
    folder,
    {
      json: formats.includes('json'),
      md: formats.includes('md') || inActions,
      junitCaseFile: formats.includes('junit') ? cases.displayName : null,
    },
    repeat !== null,
  );
  if (spill === null) {
    const report = await runCases(Array.from(cases.cases), source, settings.config.contract, {
      repeat,
      onCaseDone: progress.update,
    });
    progress.clear();
    await writeAndTell(command, folder, settings, values, io, formats, { report, warnings: source.warnings(), cases });
    return report.summary;
  }
  try {
    const attention = quiet ? null : spill.sideFile('summary.txt');
    const attentionLines = caseAttentionLines(io);
    const annotations = new CaseAnnotations();
    const summary = await runCasesStreamed(cases.cases, source, settings.config.contract, {
      repeat,
      onCaseDone: progress.update,
      onResult: (result) => {
        spill.add(result);
        attention?.append(attentionLines(result));
        if (inActions) annotations.add(result);
      },
    });
    progress.clear();
    spill.finish();
    const files: PlannedFile[] = [];
    if (formats.includes('json')) files.push([join(folder, 'report.json'), () => spill.reportJson(summary)]);
    if (formats.includes('md')) files.push([join(folder, 'report.md'), () => spill.reportMarkdown(summary)]);
    if (formats.includes('junit')) files.push([join(folder, 'report.junit.xml'), () => spill.reportJunit(summary)]);
    const written = await writeAll(files);
    if (attention !== null) {
      printSummaryHead(io, command, summary);
      for (const text of attention.texts()) io.stdout(text);
      for (const warning of source.warnings()) io.stderr(printed`warning: ${warning}\n`);
      printWritten(io, written);
    }
    if (inActions) {
      await reportToGithubActions(io, {
        caseAnnotations: annotations,
        diff: null,
        cases,
        summaryMarkdown: spill.reportMarkdown(summary),
        annotations: annotationsWanted(settings, values),
      });
    }
    return summary;
  } finally {
    spill.remove();
  }
}

/** The run's spill in the out folder (made if missing), or null when it cannot be made there. */
async function openSpill(folder: string, formats: SpillFormats, repeated: boolean): Promise<ReportSpill | null> {
  try {
    await ensureFolder(folder);
  } catch {
    return null;
  }
  return ReportSpill.open(folder, formats, repeated);
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
  const summary = await evaluateAndWrite('run', settings.out, settings, values, positionals, io);
  return summary.passed === summary.total ? 0 : 1;
}

/** Known failures may be recorded in a baseline: it is written, and that is success. */
export async function baselineCommand(values: ParsedValues, positionals: string[], io: CliIo): Promise<number> {
  const settings = await resolveSettings(io.cwd, values);
  checkOutputFolder('baseline', '--baseline-dir', settings.baselineDir, io.cwd, null);
  await evaluateAndWrite('baseline', settings.baselineDir, settings, values, positionals, io);
  return 0;
}
