import { join } from 'node:path';
import type { LocatedCaseSequence, LocatedCases } from '../../cases/case-lines.js';
import { displayPath } from '../../io/display-path.js';
import { REPORT_SCHEMA_VERSION } from '../../model/report-version.js';
import { collectCaseDetails } from '../../report/details/collect-details.js';
import type { CaseDetails } from '../../report/details/types.js';
import { ReportSpill } from '../../report/report-spill.js';
import type { CaseResult, Report, ReportSummary } from '../../report/types.js';
import { runCases, runCasesStreamed } from '../../run-cases.js';
import type { ShardHead, ShardSelection } from '../../shard/shard-report.js';
import { parseShardFlag } from '../../shard/shard-spec.js';
import { formatsFlag, type ParsedValues, stringFlag } from '../args.js';
import { chooseTraceSource } from '../choose-source.js';
import { CaseAnnotations, inGithubActions, reportToGithubActions } from '../github-actions.js';
import type { CliIo } from '../io.js';
import { loadSettingsCaseFile, loadSettingsCaseSequence } from '../load-settings-cases.js';
import { checkOutputFolder } from '../output-folder.js';
import { printed } from '../printable.js';
import { createProgressLine } from '../progress.js';
import { resolveSettings, type Settings } from '../settings.js';
import { caseAttentionLines, printSummaryHead, printWritten } from '../summary.js';
import { type PlannedFile, reportFiles, writeAll } from '../write-outputs.js';

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

/**
 * Evaluates the cases, writes the reports into `folder`, and prints the summary (unless --quiet),
 * with memory flat in the number of cases: each case's result is written out as it comes
 * (report-spill.ts) and only the summary's figures are kept; the reports are then copied together
 * from what was written out. Only the HTML page, which shows every case with its trace details,
 * keeps the report in memory as well.
 */
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
  // A valid JSON case file of 16 MiB or more is read a case at a time: no case is kept once it is evaluated.
  const located = await loadSettingsCaseSequence(settings, io.cwd, wants.caseLines || wants.details);
  const shard = await shardOf(command, values, located, settings, io);
  const cases = shard?.selection.cases ?? located.cases;
  // The source sees every case, so that a shard does not take the fixtures or traces of the other shards' cases for orphans.
  const { source, repeat } = await chooseTraceSource(command, values, positionals, {
    fixtures: settings.fixtures,
    cases: located.cases,
    cwd: io.cwd,
  });
  const quiet = values['quiet'] === true;
  const progress = createProgressLine(io, quiet);
  const inActions = command === 'run' && inGithubActions(io);
  const spill = await ReportSpill.open(
    folder,
    {
      json: formats.includes('json'),
      md: formats.includes('md') || inActions,
      junitCaseFile: formats.includes('junit') ? located.displayName : null,
    },
    repeat !== null,
  );
  try {
    const attention = quiet ? null : spill.sideFile('summary.txt');
    const attentionLines = caseAttentionLines(io);
    const annotations = new CaseAnnotations();
    // The HTML page is made from the report in memory, and each case's trace details.
    const results: CaseResult[] | null = wants.details ? [] : null;
    const details: CaseDetails[] | null = wants.details ? [] : null;
    const summary = await runCasesStreamed(cases, source, settings.config.contract, {
      repeat,
      onCaseDone: progress.update,
      // A repeated case shows its first run that produced a trace, as its report row does (contract §8).
      onCaseEvaluated:
        details === null
          ? undefined
          : (index, evalCase, inputs) => {
              const shown = inputs.find((input) => input.kind !== 'not_run') ?? inputs[0];
              if (shown !== undefined)
                details[index] = collectCaseDetails(evalCase, shown, located.lineOfCase(evalCase.id));
            },
      onResult: (evaluated) => {
        const result = shard === null ? evaluated : shard.mark(evaluated);
        spill.add(result);
        results?.push(result);
        attention?.append(attentionLines(result));
        if (inActions) annotations.add(result);
      },
    });
    progress.clear();
    spill.finish();
    const head = shard === null ? {} : shard.head;
    const files: PlannedFile[] = [];
    if (formats.includes('json')) files.push([join(folder, 'report.json'), () => spill.reportJson(head, summary)]);
    if (formats.includes('md')) files.push([join(folder, 'report.md'), () => spill.reportMarkdown(summary)]);
    if (formats.includes('junit')) files.push([join(folder, 'report.junit.xml'), () => spill.reportJunit(summary)]);
    if (results !== null) {
      const report: Report = { schemaVersion: REPORT_SCHEMA_VERSION, ...head, summary, cases: results };
      files.push(...(await reportFiles(folder, report, ['html'], { caseFile: located.displayName, details })));
    }
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
        cases: located,
        summaryMarkdown: spill.reportMarkdown(summary),
        annotations: annotationsWanted(settings, values),
      });
    }
    return summary;
  } finally {
    spill.remove();
  }
}

/** With --shard: the shard's cases, and what its report carries beyond a whole run's (shard-report.ts). */
async function shardOf(
  command: string,
  values: ParsedValues,
  located: LocatedCaseSequence,
  settings: Settings,
  io: CliIo,
): Promise<{ selection: ShardSelection; head: ShardHead; mark: (result: CaseResult) => CaseResult } | null> {
  const shardFlag = stringFlag(values, 'shard');
  if (shardFlag === null) return null;
  const shard = parseShardFlag(command, shardFlag);
  // Sharding hashes case ids and the case file (node:crypto): loaded only with --shard.
  const sharding = await import('../shard-run.js');
  const selection = sharding.selectShard(Array.from(located.cases), shard);
  const casesHash = await sharding.hashCaseFile(settings.cases, displayPath(settings.cases, io.cwd));
  let position = 0;
  return {
    selection,
    head: sharding.shardReportHead(shard, casesHash),
    mark: (result) => sharding.markShardCase(result, selection.caseIndexes[position++] as number),
  };
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
