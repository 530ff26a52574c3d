import { resolve } from 'node:path';
import type { EvalCase } from '../../cases/types.js';
import { InputError } from '../../errors.js';
import { parseImportFormatOption } from '../../import/format.js';
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
  const from = parseImportFormatOption(options.from);
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
  for (const file of planned) {
    const path = resolve(outDir, file.name);
    try {
      await writeFileAtomic(path, formatTraceJson(file.trace.document));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException | null)?.code;
      if (code === undefined) throw error;
      throw new InputError(`--out ${displayPath(outDir, io.cwd)}: cannot write ${displayPath(path, io.cwd)} (${code}); expected a folder that can be written`);
    }
    if (!options.quiet) io.stdout(`wrote ${displayPath(path, io.cwd)} (trace ${file.trace.traceId} from ${file.trace.file})\n`);
  }
  for (const problem of problems) io.stderr(`${problem}\n`);
  if (!options.quiet) for (const warning of warnings) io.stderr(`warning: ${warning}\n`);
  return problems.length > 0 ? 1 : 0;
}

function unmatchedCaseMessage(evalCase: EvalCase, fileCount: number): string {
  const by = evalCase.sessionId === null ? 'question' : `session id "${evalCase.sessionId}" or question`;
  return `case "${evalCase.id}" matches no imported trace by its ${by} (${fileCount} export file${fileCount === 1 ? '' : 's'} read); no fixture written for it`;
}
