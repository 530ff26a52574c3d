import { resolve } from 'node:path';
import { loadSettingsCaseFile } from '../load-settings-cases.js';
import type { LocatedCases } from '../../cases/case-lines.js';
import type { EvalCase } from '../../cases/types.js';
import { InputError } from '../../errors.js';
import { displayPath } from '../../io/display-path.js';
import { collectCaseDetails } from '../../report/details/collect-details.js';
import type { CaseDetails } from '../../report/details/types.js';
import type { Report } from '../../report/types.js';
import { runCases } from '../../run-cases.js';
import { hashCaseFile } from '../../shard/cases-hash.js';
import { markShardReport, selectShard } from '../../shard/shard-report.js';
import { parseShardFlag } from '../../shard/shard-spec.js';
import { createFixtureDirSource } from '../../sources/fixture-dir.js';
import type { TraceSource } from '../../sources/types.js';
import { formatsFlag, listFlag, numberFlag, stringFlag, type ParsedValues } from '../args.js';
import { parseFromFlag } from './run-options.js';
import { DEFAULT_MAX_BODY_MB, FLAG_RANGES } from '../flag-ranges.js';
import { MIB } from '../../io/input-limits.js';
import type { CliIo } from '../io.js';
import { inGithubActions, reportToGithubActions } from '../github-actions.js';
import { createProgressLine } from '../progress.js';
import { renderReportMarkdown } from '../../report/render/markdown.js';
import type { Settings } from '../settings.js';
import { printReportSummary, printWritten } from '../summary.js';
import { checkOutputFolder } from '../output-folder.js';
import { writeReportFiles } from '../write-outputs.js';

export { ALTERNATIVE_SOURCE_OPTIONS, CASE_SOURCE_OPTIONS, RUN_OPTIONS, VALIDATE_OPTIONS, parseFromFlag } from './run-options.js';

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
  const selection = shard === null ? null : selectShard(located.cases, shard);
  // A shard's reports (JUnit, annotations, HTML) name the lines of its own cases in the whole case file.
  const shardCases: LocatedCases =
    selection === null
      ? located
      : { ...located, cases: selection.cases, lineOf: (index) => located.lineOf(selection.caseIndexes[index] as number) };
  const { cases } = shardCases;
  // The source sees every case, so that a shard does not take the fixtures or traces of the other shards' cases for orphans.
  const { source, repeat } = await chooseSource(command, settings, values, positionals, located.cases, io);
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
  if (shard === null || selection === null) return { report, warnings: source.warnings(), cases: shardCases, details };
  const casesHash = await hashCaseFile(settings.cases, displayPath(settings.cases, io.cwd));
  return {
    report: markShardReport(report, shard, casesHash, selection.caseIndexes),
    warnings: source.warnings(),
    cases: shardCases,
    details,
  };
}

async function chooseSource(
  command: string,
  settings: Settings,
  values: ParsedValues,
  positionals: string[],
  cases: EvalCase[],
  io: CliIo,
): Promise<{ source: TraceSource; repeat: number | null }> {
  const api = stringFlag(values, 'api');
  // `--traces a.json b.json`: node's parser takes the first file as the flag's value, the rest as positionals.
  const traceFiles = [...listFlag(values, 'traces'), ...(values['traces'] === undefined ? [] : positionals)];
  const stray = values['traces'] === undefined ? positionals : [];
  if (stray.length > 0) throw new InputError(`diag-eval ${command}: unexpected argument "${stray[0]}"; see \`diag-eval ${command} --help\``);
  const liveOnly = ['sessions', 'ask', 'repeat', 'record', 'concurrency', 'timeout-ms', 'poll-timeout-ms', 'max-body-mb', 'header'].filter(
    (name) => values[name] !== undefined,
  );
  if (api === null && liveOnly.length > 0) {
    throw new InputError(`diag-eval ${command}: found --${liveOnly[0]} without --api; expected --api URL with it (live mode)`);
  }
  if (values['from'] !== undefined && traceFiles.length === 0) {
    throw new InputError(`diag-eval ${command}: found --from without --traces; expected --traces FILE… with it`);
  }
  if (api !== null && traceFiles.length > 0) {
    throw new InputError(`diag-eval ${command}: --api and --traces are two different trace sources; expected one of them`);
  }
  if (api !== null) return liveSource(command, api, values, io);
  if (traceFiles.length > 0) {
    // Importers and the HTTP client are loaded only when asked for, so a fixture run starts fast.
    const { createImportedTraceSource } = await import('../../import/trace-source.js');
    const from = stringFlag(values, 'from') ?? 'auto';
    const source = await createImportedTraceSource(traceFiles, parseFromFlag(command, from), cases, io.cwd);
    return { source, repeat: null };
  }
  return { source: createFixtureDirSource(settings.fixtures, cases, io.cwd), repeat: null };
}

async function liveSource(
  command: string,
  apiUrl: string,
  values: ParsedValues,
  io: CliIo,
): Promise<{ source: TraceSource; repeat: number | null }> {
  const ask = values['ask'] === true;
  const repeatFlag = numberFlag(command, values, 'repeat', FLAG_RANGES.repeat);
  if (repeatFlag !== null && !ask) throw new InputError(`diag-eval ${command}: found --repeat without --ask; expected --ask with it (each case is asked K times)`);
  const headers = listFlag(values, 'header').map((header, index) => parseHeader(command, header, index + 1));
  const { createLiveTraceSource, loadSessionsFile } = await import('../../sources/live/live-source.js');
  const sessionsPath = stringFlag(values, 'sessions');
  const recordDir = stringFlag(values, 'record');
  // Checked before any request: recording into a file would otherwise only warn, case by case.
  if (recordDir !== null) checkOutputFolder(command, '--record', resolve(io.cwd, recordDir), io.cwd, null);
  const sessionsFile = sessionsPath === null ? null : resolve(io.cwd, sessionsPath);
  const source = createLiveTraceSource({
    apiUrl,
    sessions: sessionsFile === null ? null : await loadSessionsFile(sessionsFile, displayPath(sessionsFile, io.cwd)),
    ask,
    repeat: repeatFlag ?? 1,
    recordDir: recordDir === null ? null : resolve(io.cwd, recordDir),
    concurrency: numberFlag(command, values, 'concurrency', FLAG_RANGES.concurrency) ?? 4,
    timeoutMs: numberFlag(command, values, 'timeout-ms', FLAG_RANGES['timeout-ms']) ?? 30_000,
    pollTimeoutMs: numberFlag(command, values, 'poll-timeout-ms', FLAG_RANGES['poll-timeout-ms']) ?? 600_000,
    maxBodyBytes: (numberFlag(command, values, 'max-body-mb', FLAG_RANGES['max-body-mb']) ?? DEFAULT_MAX_BODY_MB) * MIB,
    headers,
    cwd: io.cwd,
  });
  return { source, repeat: repeatFlag };
}

/**
 * `--header "Name: value"`, split at the first colon; the live source checks the name and value.
 * The value is a secret and is never echoed, even in this error.
 */
function parseHeader(command: string, header: string, position: number): [string, string] {
  const colon = header.indexOf(':');
  if (colon === -1) throw new InputError(`diag-eval ${command}: --header #${position}: expected "Name: value" (the value is not shown)`);
  return [header.slice(0, colon).trim(), header.slice(colon + 1).trim()];
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
  const { report, warnings, cases, details } = await evaluateCases(command, settings, values, positionals, io, reportWants(command, formats, settings, values, io));
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
export function reportWants(command: string, formats: readonly string[], settings: Settings, values: ParsedValues, io: CliIo): { details: boolean; caseLines: boolean } {
  const annotating = (command === 'run' || command === 'check') && inGithubActions(io) && annotationsWanted(settings, values);
  return { details: formats.includes('html'), caseLines: annotating };
}

/** `--no-annotations` or `annotations: false` in the config turn the CI annotations off. */
export function annotationsWanted(settings: Settings, values: ParsedValues): boolean {
  return values['no-annotations'] !== true && settings.config.annotations !== false;
}

export async function runCommand(values: ParsedValues, positionals: string[], settings: Settings, io: CliIo): Promise<number> {
  checkOutputFolder('run', '--out', settings.out, io.cwd, settings.baselineReport);
  const report = await evaluateAndWrite('run', settings.out, settings, values, positionals, io);
  return report.summary.passed === report.summary.total ? 0 : 1;
}

/** Known failures may be recorded in a baseline: it is written, and that is success. */
export async function baselineCommand(values: ParsedValues, positionals: string[], settings: Settings, io: CliIo): Promise<number> {
  checkOutputFolder('baseline', '--baseline-dir', settings.baselineDir, io.cwd, null);
  await evaluateAndWrite('baseline', settings.baselineDir, settings, values, positionals, io);
  return 0;
}
