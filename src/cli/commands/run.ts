import { resolve } from 'node:path';
import { loadSettingsCases } from '../load-settings-cases.js';
import type { EvalCase } from '../../cases/types.js';
import { InputError } from '../../errors.js';
import { displayPath } from '../../io/display-path.js';
import type { Report } from '../../report/types.js';
import { runCases } from '../../run-cases.js';
import { createFixtureDirSource } from '../../sources/fixture-dir.js';
import type { TraceSource } from '../../sources/types.js';
import { formatsFlag, listFlag, numberFlag, stringFlag, type OptionSpec, type ParsedValues } from '../args.js';
import type { CliIo } from '../io.js';
import { createProgressLine } from '../progress.js';
import type { Settings } from '../settings.js';
import { printReportSummary, printWritten } from '../summary.js';
import { writeReportFiles } from '../write-outputs.js';

export const CASE_SOURCE_OPTIONS = {
  cases: { type: 'string' },
  fixtures: { type: 'string' },
  config: { type: 'string' },
  format: { type: 'string' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies OptionSpec;

/** Live mode (docs/contract.md §8) and imported traces (§9) replace the fixtures folder as the source. */
export const ALTERNATIVE_SOURCE_OPTIONS = {
  api: { type: 'string' },
  sessions: { type: 'string' },
  ask: { type: 'boolean' },
  repeat: { type: 'string' },
  record: { type: 'string' },
  concurrency: { type: 'string' },
  'timeout-ms': { type: 'string' },
  'poll-timeout-ms': { type: 'string' },
  header: { type: 'string', multiple: true },
  traces: { type: 'string', multiple: true },
  from: { type: 'string' },
} as const satisfies OptionSpec;

export const RUN_OPTIONS = { ...CASE_SOURCE_OPTIONS, ...ALTERNATIVE_SOURCE_OPTIONS, out: { type: 'string' } } as const satisfies OptionSpec;

export interface EvaluatedRun {
  report: Report;
  warnings: string[];
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
): Promise<EvaluatedRun> {
  const cases = await loadSettingsCases(settings, io.cwd);
  const { source, repeat } = await chooseSource(command, settings, values, positionals, cases, io);
  const progress = createProgressLine(io, values['quiet'] === true);
  const report = await runCases(cases, source, settings.config.contract, { repeat, onCaseDone: progress.update });
  progress.clear();
  return { report, warnings: source.warnings() };
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
  const liveOnly = ['sessions', 'ask', 'repeat', 'record', 'concurrency', 'timeout-ms', 'poll-timeout-ms', 'header'].filter(
    (name) => values[name] !== undefined,
  );
  if (api === null && liveOnly.length > 0) {
    throw new InputError(`diag-eval ${command}: --${liveOnly[0]} needs --api URL (live mode)`);
  }
  if (values['from'] !== undefined && traceFiles.length === 0) {
    throw new InputError(`diag-eval ${command}: --from needs --traces FILE…`);
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

export function parseFromFlag(command: string, from: string): 'auto' | 'otlp' | 'jaeger' | 'tempo' | 'spans' {
  if (from === 'auto' || from === 'otlp' || from === 'jaeger' || from === 'tempo' || from === 'spans') return from;
  throw new InputError(`diag-eval ${command}: --from: found "${from}", expected auto, otlp, jaeger, tempo or spans`);
}

async function liveSource(
  command: string,
  apiUrl: string,
  values: ParsedValues,
  io: CliIo,
): Promise<{ source: TraceSource; repeat: number | null }> {
  const ask = values['ask'] === true;
  const repeatFlag = numberFlag(command, values, 'repeat', { min: 1, integer: true });
  if (repeatFlag !== null && !ask) throw new InputError(`diag-eval ${command}: --repeat needs --ask (each case is asked K times)`);
  const headers = listFlag(values, 'header').map((header, index) => parseHeader(command, header, index + 1));
  const { createLiveTraceSource, loadSessionsFile } = await import('../../sources/live/live-source.js');
  const sessionsPath = stringFlag(values, 'sessions');
  const recordDir = stringFlag(values, 'record');
  const sessionsFile = sessionsPath === null ? null : resolve(io.cwd, sessionsPath);
  const source = createLiveTraceSource({
    apiUrl,
    sessions: sessionsFile === null ? null : await loadSessionsFile(sessionsFile, displayPath(sessionsFile, io.cwd)),
    ask,
    repeat: repeatFlag ?? 1,
    recordDir: recordDir === null ? null : resolve(io.cwd, recordDir),
    concurrency: numberFlag(command, values, 'concurrency', { min: 1, integer: true }) ?? 4,
    timeoutMs: numberFlag(command, values, 'timeout-ms', { min: 0, integer: true, exclusiveMin: true }) ?? 30_000,
    pollTimeoutMs: numberFlag(command, values, 'poll-timeout-ms', { min: 0, integer: true }) ?? 600_000,
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
  const { report, warnings } = await evaluateCases(command, settings, values, positionals, io);
  const written = await writeReportFiles(folder, report, formats);
  if (values['quiet'] !== true) {
    printReportSummary(io, command, report);
    for (const warning of warnings) io.stderr(`warning: ${warning}\n`);
    printWritten(io, written);
  }
  return report;
}

export async function runCommand(values: ParsedValues, positionals: string[], settings: Settings, io: CliIo): Promise<number> {
  const report = await evaluateAndWrite('run', settings.out, settings, values, positionals, io);
  return report.summary.passed === report.summary.total ? 0 : 1;
}

/** Known failures may be recorded in a baseline: it is written, and that is success. */
export async function baselineCommand(values: ParsedValues, positionals: string[], settings: Settings, io: CliIo): Promise<number> {
  await evaluateAndWrite('baseline', settings.baselineDir, settings, values, positionals, io);
  return 0;
}
