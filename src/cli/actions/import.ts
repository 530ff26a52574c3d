import { resolve } from 'node:path';
import type { EvalCase } from '../../cases/types.js';
import { InputError } from '../../errors.js';
import { parseImportFormatOption, type ImportFormatOption } from '../../import/format.js';
import { importTraces, type ImportedTrace } from '../../import/import-traces.js';
import { matchTracesToCases } from '../../import/match.js';
import { formatImportProblem } from '../../import/problems.js';
import { formatTraceJson, traceFileName } from '../../import/trace-json.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { displayPath } from '../../io/display-path.js';
import type { CliIo } from '../io.js';

export interface ImportCommandOptions {
  files: string[];
  /** `auto`, `otlp`, `jaeger` or `tempo`, as given on the command line. */
  from: string;
  outDir: string;
  /** The loaded case file, or null without `--cases`. */
  cases: EvalCase[] | null;
  quiet: boolean;
  /** Exit 2, writing nothing, when some input would not be converted (what otherwise gives exit 1). */
  strict?: boolean;
}

interface PlannedFile {
  name: string;
  trace: ImportedTrace;
}

/**
 * `diag-eval import FILE… [--from …] --out DIR [--cases FILE]` (docs/contract.md §9): one fixture per
 * matched case (`<case id>.json`) and one per trace no case matches (`<trace id>.json`), or one
 * per trace without cases. Exit 0 when everything converted; 1 when some input was skipped, a
 * trace had nothing the mapping recognises, or a case matched no trace; unusable files (and,
 * with `strict`, whatever would give 1) throw an InputError (exit 2) before anything is written.
 */
export async function importCommand(options: ImportCommandOptions, io: CliIo): Promise<number> {
  return importExports({ ...options, from: parseImportFormatOption(options.from) }, io);
}

/** The same with `from` already read, as the command line reads it with the other flags. */
export async function importExports(options: Omit<ImportCommandOptions, 'from'> & { from: ImportFormatOption }, io: CliIo): Promise<number> {
  const { from } = options;
  if (options.outDir.trim() === '') throw new InputError('--out: expected the folder to write the traces to');
  const result = await importTraces(options.files, from, io.cwd);
  const planned: PlannedFile[] = [];
  const warnings: string[] = [];
  // What makes the import incomplete: reported even with --quiet, and decides the exit code.
  const problems: string[] = [
    ...result.skipped.map((problem) => `skipped: ${formatImportProblem(problem)}`),
    ...result.unrecognised.map((problem) => `not recognised: ${formatImportProblem(problem)}`),
  ];
  if (options.cases === null) {
    for (const trace of result.traces) planned.push({ name: traceFileName(trace.traceId), trace });
  } else {
    const matched = matchTracesToCases(result.traces, options.cases);
    for (const match of matched.cases) {
      if (match.trace !== null) planned.push({ name: `${match.evalCase.id}.json`, trace: match.trace });
      else problems.push(`no trace: ${unmatchedCaseMessage(match.evalCase, options.files.length)}`);
    }
    for (const trace of matched.unmatched) planned.push({ name: traceFileName(trace.traceId), trace });
    warnings.push(...matched.warnings);
  }
  if (options.strict === true && problems.length > 0) {
    throw new InputError(problems.map((problem) => `import --strict: ${problem}; nothing written`));
  }
  const outDir = resolve(io.cwd, options.outDir);
  await writeFixtures(planned, outDir, options.quiet, io);
  for (const problem of problems) io.stderr(`${problem}\n`);
  if (!options.quiet) for (const warning of warnings) io.stderr(`warning: ${warning}\n`);
  return problems.length > 0 ? 1 : 0;
}

/** Fixtures being written at the same time: enough to keep the disk busy while the next is formatted. */
const WRITES_IN_FLIGHT = 16;

/**
 * Writes the fixtures a few at a time (each atomically), and reports them in the planned order as
 * each is done. A fixture is formatted only when its write starts, so at most WRITES_IN_FLIGHT
 * formatted texts are held. Two fixtures with the same name are written one after the other,
 * so the later one wins, as when every write waited for the one before.
 */
async function writeFixtures(planned: readonly PlannedFile[], outDir: string, quiet: boolean, io: CliIo): Promise<void> {
  const inFlight: Array<{ file: PlannedFile; path: string; written: Promise<void> }> = [];
  const finishOldest = async (): Promise<void> => {
    const oldest = inFlight.shift();
    if (oldest === undefined) return;
    try {
      await oldest.written;
    } catch (error) {
      await Promise.allSettled(inFlight.map((write) => write.written));
      const code = (error as NodeJS.ErrnoException | null)?.code;
      if (code === undefined) throw error;
      throw new InputError(`--out ${displayPath(outDir, io.cwd)}: cannot write ${displayPath(oldest.path, io.cwd)} (${code}); expected a folder that can be written`);
    }
    if (!quiet) io.stdout(`wrote ${displayPath(oldest.path, io.cwd)} (trace ${oldest.file.trace.traceId} from ${oldest.file.trace.file})\n`);
  };
  for (const file of planned) {
    const path = resolve(outDir, file.name);
    if (inFlight.some((write) => write.path === path)) while (inFlight.length > 0) await finishOldest();
    const written = writeFileAtomic(path, formatTraceJson(file.trace.document));
    // Awaited in order by finishOldest; until then a failure must not count as unhandled.
    written.catch(() => undefined);
    inFlight.push({ file, path, written });
    if (inFlight.length >= WRITES_IN_FLIGHT) await finishOldest();
  }
  while (inFlight.length > 0) await finishOldest();
}

function unmatchedCaseMessage(evalCase: EvalCase, fileCount: number): string {
  const by = evalCase.sessionId === null ? 'question' : `session id "${evalCase.sessionId}" or question`;
  return `case "${evalCase.id}" matches no imported trace by its ${by} (${fileCount} export file${fileCount === 1 ? '' : 's'} read); no fixture written for it`;
}
