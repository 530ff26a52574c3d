import { posix, resolve } from 'node:path';
import type { EvalCase } from '../../cases/types.js';
import { plural } from '../../checks/support.js';
import { parseImportFormatOption } from '../../import/format.js';
import { importTraces } from '../../import/import-traces.js';
import { matchAttributesOf, matchDescription, matchTracesToCases } from '../../import/match.js';
import { formatImportProblem } from '../../import/problems.js';
import { FixtureStaging } from '../../import/stage-fixtures.js';
import { traceFileName } from '../../import/trace-json.js';
import { InputError } from '../../io/errors.js';
import { displayPath } from '../../io/files/display-path.js';
import { fromFlag, type ParsedValues, stringFlag } from '../args.js';
import type { CliIo } from '../io.js';
import { checkOutputFolder } from '../output-folder.js';
import { printed } from '../printable.js';
import { printWarnings } from '../summary.js';

export interface ImportCommandOptions {
  files: string[];
  /** `auto`, `otlp`, `jaeger`, `tempo` or `spans`, as given on the command line. */
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
  /** The trace's order of first appearance. */
  index: number;
  traceId: string;
  /** The case whose file it is (`case "a"`), null for a trace no case matched: for messages. */
  owner: string | null;
}

export async function importAction(values: ParsedValues, positionals: string[], io: CliIo): Promise<number> {
  const out = stringFlag(values, 'out');
  if (positionals.length === 0)
    throw new InputError('diag-eval import: found no export file; expected at least one FILE to import');
  if (out === null)
    throw new InputError('diag-eval import: found no --out; expected --out DIR (where to write the fixtures)');
  const from = fromFlag('import', values);
  // A folder that cannot be written is named before the export is read, not after.
  checkOutputFolder('import', '--out', out, io.cwd, null);
  let cases: EvalCase[] | null = null;
  if (stringFlag(values, 'cases') !== null) {
    // The case file's and the config's readers are loaded only with --cases.
    const { loadCommandCases } = await import('../load-settings-cases.js');
    cases = await loadCommandCases(values, io.cwd);
  }
  return importCommand(
    {
      files: positionals.map((file) => resolve(io.cwd, file)),
      from,
      outDir: resolve(io.cwd, out),
      cases,
      quiet: values['quiet'] === true,
      strict: values['strict'] === true,
    },
    io,
  );
}

/** `diag-eval import` with its flags read (docs/contract.md §9); what would give exit 1 is exit 2 with `strict`, before anything is written. */
export async function importCommand(options: ImportCommandOptions, io: CliIo): Promise<number> {
  const from = parseImportFormatOption(options.from);
  const outDir = resolve(io.cwd, options.outDir);
  // Each trace is written (to a hidden folder in the out folder) as soon as it is converted; the
  // fixtures are put in place only once every file has been read and nothing stops the import.
  const staging = new FixtureStaging(outDir, options.cases !== null);
  try {
    const result = await importTraces(options.files, from, io.cwd, {
      onTrace: (trace, index) => staging.stage(trace, index),
      matchAttributes: options.cases === null ? [] : matchAttributesOf(options.cases),
    });
    const traces = staging.traces.map((trace, index) => ({ ...trace, index }));
    const planned: PlannedFile[] = [];
    // What makes the import incomplete: reported even with --quiet, and decides the exit code.
    const problems: string[] = [
      ...result.skipped.map((problem) => `skipped: ${formatImportProblem(problem)}`),
      ...result.unrecognised.map((problem) => `not recognised: ${formatImportProblem(problem)}`),
    ];
    const matched = options.cases === null ? null : matchTracesToCases(traces, options.cases);
    for (const match of matched?.cases ?? []) {
      // The case's traceFixture (`<case id>.json` unless it names another), where `run` looks for it.
      if (match.trace !== null)
        planned.push({
          name: match.evalCase.traceFixture,
          index: match.trace.index,
          traceId: match.trace.traceId,
          owner: `case "${match.evalCase.id}"`,
        });
      else problems.push(`no trace: ${unmatchedCaseMessage(match.evalCase, options.files.length)}`);
    }
    for (const trace of matched?.unmatched ?? traces)
      planned.push({ name: traceFileName(trace.traceId), index: trace.index, traceId: trace.traceId, owner: null });
    const { files, clashes } = oneTracePerFile(planned);
    problems.push(...clashes);
    if (options.strict === true && problems.length > 0) {
      throw new InputError(problems.map((problem) => `import --strict: ${problem}; nothing written`));
    }
    await publishFixtures(staging, files, outDir, options.quiet, io);
    for (const problem of problems) io.stderr(printed`${problem}\n`);
    if (!options.quiet) printWarnings(io, matched?.warnings ?? []);
    return problems.length > 0 ? 1 : 0;
  } finally {
    await staging.discard();
  }
}

/**
 * The planned files, each name once: two cases naming one `traceFixture` and matched by two
 * traces, or a trace no case matched whose file name is a case's, would write one file twice and
 * lose a trace. The first keeps the file (a case's before an unmatched trace's) and each other is
 * a problem. Names are compared as a case-insensitive file system compares them (`A.json` and
 * `a.json` are one file on macOS and Windows). The same trace planned twice under one name is
 * written once.
 */
function oneTracePerFile(planned: readonly PlannedFile[]): { files: PlannedFile[]; clashes: string[] } {
  const byName = new Map<string, PlannedFile>();
  const files: PlannedFile[] = [];
  const clashes: string[] = [];
  for (const file of planned) {
    const key = posix.normalize(file.name.replaceAll('\\', '/')).toLowerCase();
    const first = byName.get(key);
    if (first === undefined) {
      byName.set(key, file);
      files.push(file);
    } else if (first.index !== file.index) {
      const whose = (entry: PlannedFile) =>
        entry.owner === null ? `trace ${entry.traceId}` : `${entry.owner} (trace ${entry.traceId})`;
      clashes.push(
        `fixture clash: ${file.name} is the file of ${whose(first)} and of ${whose(file)}; ` +
          `expected one trace per fixture file; written for ${first.owner ?? `trace ${first.traceId}`} only`,
      );
    }
  }
  return { files, clashes };
}

/** Puts the staged fixtures in place in the planned order, reporting each. */
async function publishFixtures(
  staging: FixtureStaging,
  planned: readonly PlannedFile[],
  outDir: string,
  quiet: boolean,
  io: CliIo,
): Promise<void> {
  try {
    await staging.publish(planned, (path, index) => {
      const trace = staging.traces[index];
      if (!quiet && trace !== undefined)
        io.stdout(printed`wrote ${displayPath(path, io.cwd)} (trace ${trace.traceId} from ${trace.file})\n`);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    const path = (error as { fixturePath?: string }).fixturePath;
    if (code === undefined || path === undefined) throw error;
    throw new InputError(
      `--out ${displayPath(outDir, io.cwd)}: cannot write ${displayPath(path, io.cwd)} (${code}); expected a folder that can be written`,
    );
  }
}

function unmatchedCaseMessage(evalCase: EvalCase, fileCount: number): string {
  const by = matchDescription(evalCase);
  return `case "${evalCase.id}" matches no imported trace by its ${by} (${plural(fileCount, 'export file')} read); no fixture written for it`;
}
