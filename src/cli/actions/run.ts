import type { CaseLines, LocatedCaseSequence } from '../../cases/case-lines.js';
import { collectCaseDetails } from '../../evaluate/collect-details.js';
import { type RunProgress, runCasesStreamed } from '../../evaluate/run-cases.js';
import { displayPath } from '../../io/files/display-path.js';
import type { CaseDetails } from '../../model/case-details.js';
import { REPORT_SCHEMA_VERSION } from '../../model/report-version.js';
import { ReportSpill } from '../../report/report-spill.js';
import type { CaseResult, Report, ReportSummary } from '../../report/types.js';
import type { ShardHead, ShardSelection } from '../../shard/shard-report.js';
import { parseShardFlag } from '../../shard/shard-spec.js';
import type { TraceSource } from '../../sources/types.js';
import { formatsFlag, noPositionals, type ParsedValues, stringFlag } from '../args.js';
import { chooseTraceSource } from '../choose-source.js';
import { CaseAnnotations, inGithubActions, reportToGithubActions } from '../github-actions.js';
import type { CliIo } from '../io.js';
import { loadSettingsCaseSequence } from '../load-settings-cases.js';
import { checkOutputFolder } from '../output-folder.js';
import { createProgressLine } from '../progress.js';
import { folderSettingName, resolveSettings, type Settings } from '../settings.js';
import { caseAttentionLines, printSummaryHead, printWarnings, printWritten } from '../summary.js';
import { formatFiles, reportFiles, writeAll } from '../write-outputs.js';

export interface EvaluatedRun {
  report: Report;
  warnings: string[];
  cases: CaseLines;
  /** One per case when asked for (the HTML report), else null. */
  details: CaseDetails[] | null;
}

/** What a run is asked for: by which command, with which settings, flags and arguments, and its I/O. */
export interface RunRequest {
  command: string;
  settings: Settings;
  values: ParsedValues;
  positionals: string[];
  io: CliIo;
}

/** A run's cases, its shard with --shard, and the trace source the flags ask for: all known before any case is evaluated. */
interface PlannedRun extends RunRequest {
  cases: LocatedCaseSequence;
  shard: Shard | null;
  source: TraceSource;
  repeat: number | null;
  /** The traces' details, for the HTML report. */
  wantsDetails: boolean;
}

async function planRun(request: RunRequest, formats: readonly string[]): Promise<PlannedRun> {
  const { command, settings, values, io } = request;
  const wantsDetails = formats.includes('html');
  // Case lines are for the HTML report and the CI annotations.
  const annotating =
    (command === 'run' || command === 'check') && inGithubActions(io) && annotationsWanted(settings, values);
  // A valid JSON case file of 16 MiB or more is read a case at a time: no case is kept once it is evaluated.
  const cases = await loadSettingsCaseSequence(settings, io.cwd, annotating || wantsDetails);
  const shard = await shardOf(request, cases);
  // The source sees every case, so that a shard does not take the fixtures or traces of the other shards' cases for orphans.
  const chosen = await chooseTraceSource(command, values, request.positionals, {
    fixtures: settings.fixtures,
    cases: cases.cases,
    cwd: io.cwd,
  });
  return { ...request, cases, shard, ...chosen, wantsDetails };
}

/**
 * Evaluates the planned cases and hands each case's result (marked as the shard's) to `onResult`
 * in case order, as soon as it is evaluated; each case's trace details too when the run wants them.
 */
async function evaluatePlanned(
  run: PlannedRun,
  onResult: (result: CaseResult) => void,
): Promise<{ summary: ReportSummary; details: CaseDetails[] | null }> {
  const { cases, shard } = run;
  const progress = createProgressLine<RunProgress>(
    run.io,
    run.values['quiet'] === true,
    ({ done, total, failed }, seconds) => `${done}/${total} cases, ${failed} not passed, ${seconds} s`,
  );
  const details: CaseDetails[] | null = run.wantsDetails ? [] : null;
  const contract = run.settings.config.contract;
  const summary = await runCasesStreamed(shard?.selection.cases ?? cases.cases, run.source, contract, {
    repeat: run.repeat,
    onCaseDone: progress.update,
    // A repeated case shows its first run that produced a trace, as its report row does (contract §8).
    onCaseEvaluated:
      details === null
        ? undefined
        : (index, evalCase, inputs) => {
            const shown = inputs.find((input) => input.kind !== 'not_run') ?? inputs[0];
            if (shown !== undefined)
              details[index] = collectCaseDetails(evalCase, shown, cases.lineOfCase(evalCase.id));
          },
    onResult: (result) => onResult(shard === null ? result : shard.mark(result)),
  });
  progress.clear();
  return { summary, details };
}

/** The run's report held in memory, for check, which compares it with the baseline. */
export async function evaluateCases(request: RunRequest, formats: readonly string[]): Promise<EvaluatedRun> {
  const run = await planRun(request, formats);
  const results: CaseResult[] = [];
  const { summary, details } = await evaluatePlanned(run, (result) => results.push(result));
  return {
    report: { schemaVersion: REPORT_SCHEMA_VERSION, ...run.shard?.head, summary, cases: results },
    warnings: run.source.warnings(),
    cases: run.cases,
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
async function evaluateAndWrite(request: RunRequest, folder: string): Promise<ReportSummary> {
  const { command, settings, values, io } = request;
  const formats = formatsFlag(command, values);
  const inActions = command === 'run' && inGithubActions(io);
  const attentionLines = caseAttentionLines(io);
  const annotations = new CaseAnnotations();
  const run = await planRun(request, formats);
  const spill = await ReportSpill.open(
    folder,
    {
      json: formats.includes('json'),
      md: formats.includes('md') || inActions,
      junitCaseFile: formats.includes('junit') ? run.cases.displayName : null,
    },
    run.repeat !== null,
  );
  try {
    const attention = values['quiet'] === true ? null : spill.sideFile('summary.txt');
    // The HTML page is made from the report in memory, and each case's trace details.
    const results: CaseResult[] | null = run.wantsDetails ? [] : null;
    const { summary, details } = await evaluatePlanned(run, (result) => {
      spill.add(result);
      results?.push(result);
      attention?.append(attentionLines(result));
      if (inActions) annotations.add(result);
    });
    spill.finish();
    const head = run.shard?.head ?? {};
    const files = formatFiles(folder, formats, {
      json: ['report.json', () => spill.reportJson(head, summary)],
      md: ['report.md', () => spill.reportMarkdown(summary)],
      junit: ['report.junit.xml', () => spill.reportJunit(summary)],
    });
    if (results !== null) {
      const report: Report = { schemaVersion: REPORT_SCHEMA_VERSION, ...head, summary, cases: results };
      files.push(...reportFiles(folder, report, ['html'], { caseFile: run.cases.displayName, details }));
    }
    const written = await writeAll(files);
    if (attention !== null) {
      printSummaryHead(io, command, summary);
      for (const text of attention.texts()) io.stdout(text);
      printWarnings(io, run.source.warnings());
      printWritten(io, written);
    }
    if (inActions) {
      await reportToGithubActions(io, {
        caseAnnotations: annotations,
        diff: null,
        cases: run.cases,
        summaryMarkdown: spill.reportMarkdown(summary),
        annotations: annotationsWanted(settings, values),
      });
    }
    return summary;
  } finally {
    spill.remove();
  }
}

interface Shard {
  selection: ShardSelection;
  /** What a shard's report carries between its schema version and its summary. */
  head: ShardHead;
  mark: (result: CaseResult) => CaseResult;
}

/** With --shard: the shard's cases, and what its report carries beyond a whole run's (shard-report.ts). */
async function shardOf(
  { command, values, settings, io }: RunRequest,
  located: LocatedCaseSequence,
): Promise<Shard | null> {
  const shardFlag = stringFlag(values, 'shard');
  if (shardFlag === null) return null;
  const shard = parseShardFlag(command, shardFlag);
  // Sharding hashes case ids and the case file (node:crypto): loaded only with --shard.
  const { hashCaseFile } = await import('../../shard/cases-hash.js');
  const { markShardCase, selectShard, shardReportHead } = await import('../../shard/shard-report.js');
  const selection = selectShard(Array.from(located.cases), shard);
  const casesHash = await hashCaseFile(settings.cases, displayPath(settings.cases, io.cwd));
  let position = 0;
  return {
    selection,
    head: shardReportHead(shard, casesHash),
    mark: (result) => markShardCase(result, selection.caseIndexes[position++] as number),
  };
}

/** `--no-annotations` or `annotations: false` in the config turn the CI annotations off. */
export function annotationsWanted(settings: Settings, values: ParsedValues): boolean {
  return values['no-annotations'] !== true && settings.config.annotations !== false;
}

export async function runCommand(values: ParsedValues, positionals: string[], io: CliIo): Promise<number> {
  const settings = await resolveSettings(io.cwd, values);
  checkOutputFolder(
    'run',
    folderSettingName(values, settings, 'out', io.cwd),
    settings.out,
    io.cwd,
    settings.baselineReport,
  );
  const summary = await evaluateAndWrite({ command: 'run', settings, values, positionals, io }, settings.out);
  return summary.passed === summary.total ? 0 : 1;
}

/** Known failures may be recorded in a baseline: it is written, and that is success. */
export async function baselineCommand(values: ParsedValues, positionals: string[], io: CliIo): Promise<number> {
  noPositionals('baseline', positionals);
  const settings = await resolveSettings(io.cwd, values);
  checkOutputFolder(
    'baseline',
    folderSettingName(values, settings, 'baseline-dir', io.cwd),
    settings.baselineDir,
    io.cwd,
    null,
  );
  await evaluateAndWrite({ command: 'baseline', settings, values, positionals, io }, settings.baselineDir);
  return 0;
}
