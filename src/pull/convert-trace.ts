import { importText } from '../import/import-traces.js';
import { formatImportProblem } from '../import/problems.js';
import { traceFileName } from '../import/trace-json.js';
import { InputError } from '../io/errors.js';
import type { TraceDocument } from '../trace/types.js';

export type Conversion = { ok: true; document: TraceDocument } | { ok: false; problem: string };

/**
 * One fetched trace through the importer, exactly as `diag-eval import` converts an export
 * file (its text, in memory, as if it were a file named `<trace id>.json`), so there is one
 * conversion, with one set of rules, whatever the traces came from. Anything the importer skips
 * or refuses makes the trace a skip, with the importer's reason.
 */
export async function convertTrace(traceId: string, document: unknown): Promise<Conversion> {
  const name = traceFileName(traceId);
  let imported: Awaited<ReturnType<typeof importText>>;
  try {
    imported = await importText({ name, text: JSON.stringify(document) }, 'auto');
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return { ok: false, problem: error.problems.map((problem) => withoutFileName(problem, name)).join('; ') };
  }
  if (imported.skipped.length > 0) {
    return {
      ok: false,
      problem: imported.skipped.map((problem) => withoutFileName(formatImportProblem(problem), name)).join('; '),
    };
  }
  const trace =
    imported.traces.find((candidate) => candidate.traceId === traceId) ??
    (imported.traces.length === 1 ? imported.traces[0] : undefined);
  if (trace === undefined)
    return { ok: false, problem: `the response holds ${imported.traces.length} traces, none with id ${traceId}` };
  return { ok: true, document: trace.document };
}

/**
 * The staging file's name means nothing to the user, nor does its line (the body is converted as
 * one line of text): the trace id is named by the caller.
 */
function withoutFileName(problem: string, name: string): string {
  if (!problem.startsWith(name)) return problem;
  return problem.slice(name.length).replace(/^(?::\d+)?[:\s]+/u, '');
}
