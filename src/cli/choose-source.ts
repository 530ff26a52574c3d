import type { CaseSequence } from '../cases/case-sequence.js';
import { InputError } from '../io/errors.js';
import { displayPath } from '../io/files/display-path.js';
import { DEFAULT_MAX_BODY_MB, MIB } from '../io/files/input-limits.js';
import { createFixtureDirSource } from '../sources/fixture-dir.js';
import type { TraceSource } from '../sources/types.js';
import { fromFlag, headersFlag, numberFlag, type ParsedValues, pathFlag, stringFlag, traceFilesFlag } from './args.js';
import { LIVE_ONLY_FLAGS } from './commands/shared-flags.js';
import { checkOutputFolder } from './output-folder.js';

// Where the traces of run and check come from, as their flags say (docs/contract.md §1, §8, §9):
// the fixtures folder, a live service (--api) or export files (--traces), and the rules that
// tie the live-mode flags to --api. The flags are read with the command line's own readers, so
// every message names the flag as the user typed it.

interface ChosenSource {
  source: TraceSource;
  /** --repeat K (live mode with --ask), or K of a fixtures folder with repeated runs (`<name>.run<i>.json`), else null. */
  repeat: number | null;
}

/**
 * The trace source the flags ask for. `positionals` are the export files after the first one of
 * `--traces`; `where.cases` are every case of the case file (a shard's source still sees them all,
 * so that it does not take the other shards' fixtures or traces for orphans).
 */
export async function chooseTraceSource(
  command: string,
  values: ParsedValues,
  positionals: readonly string[],
  where: { fixtures: string; cases: CaseSequence; cwd: string },
): Promise<ChosenSource> {
  const api = stringFlag(values, 'api');
  const traceFiles = traceFilesFlag(command, values, positionals);
  const liveOnly = LIVE_ONLY_FLAGS.filter((name) => values[name] !== undefined);
  if (api === null && liveOnly.length > 0) {
    throw new InputError(
      `diag-eval ${command}: found --${liveOnly[0]} without --api; expected --api URL with it (live mode)`,
    );
  }
  if (values['from'] !== undefined && traceFiles.length === 0) {
    throw new InputError(`diag-eval ${command}: found --from without --traces; expected --traces FILE… with it`);
  }
  if (api !== null && traceFiles.length > 0) {
    throw new InputError(
      `diag-eval ${command}: --api and --traces are two different trace sources; expected one of them`,
    );
  }
  if (api !== null) return liveSource(command, api, values, where.cwd);
  if (traceFiles.length > 0) {
    // Importers and the HTTP client are loaded only when asked for, so a fixture run starts fast.
    const { createImportedTraceSource } = await import('../import/trace-source.js');
    // Traces are matched to cases across the whole file: the cases are held in memory for it.
    const cases = Array.from(where.cases);
    const source = await createImportedTraceSource(traceFiles, fromFlag(command, values), cases, where.cwd);
    return { source, repeat: null };
  }
  const source = createFixtureDirSource(where.fixtures, where.cases, where.cwd);
  return { source, repeat: source.repeat };
}

async function liveSource(command: string, apiUrl: string, values: ParsedValues, cwd: string): Promise<ChosenSource> {
  const ask = values['ask'] === true;
  const repeatFlag = numberFlag(command, values, 'repeat');
  if (repeatFlag !== null && !ask)
    throw new InputError(
      `diag-eval ${command}: found --repeat without --ask; expected --ask with it (each case is asked K times)`,
    );
  const headers = headersFlag(command, values);
  const { createLiveTraceSource, loadSessionsFile } = await import('../sources/live/live-source.js');
  const recordDir = pathFlag(values, 'record', cwd);
  // Checked before any request: recording into a file would otherwise only warn, case by case.
  if (recordDir !== null) checkOutputFolder(command, '--record', recordDir, cwd, null);
  const sessionsFile = pathFlag(values, 'sessions', cwd);
  const source = createLiveTraceSource({
    apiUrl,
    sessions: sessionsFile === null ? null : await loadSessionsFile(sessionsFile, displayPath(sessionsFile, cwd)),
    ask,
    repeat: repeatFlag ?? 1,
    recordDir,
    concurrency: numberFlag(command, values, 'concurrency') ?? 4,
    timeoutMs: numberFlag(command, values, 'timeout-ms') ?? 30_000,
    pollTimeoutMs: numberFlag(command, values, 'poll-timeout-ms') ?? 600_000,
    maxBodyBytes: (numberFlag(command, values, 'max-body-mb') ?? DEFAULT_MAX_BODY_MB) * MIB,
    headers,
    cwd,
  });
  return { source, repeat: repeatFlag };
}
