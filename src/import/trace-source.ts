import type { EvalCase } from '../cases/types.js';
import { plural } from '../checks/support.js';
import type { TraceRunInput, TraceSource } from '../sources/types.js';
import type { ImportFormatOption } from './format.js';
import { importTraces } from './import-traces.js';
import { type CaseMatch, matchAttributesOf, matchDescription, matchTracesToCases } from './match.js';
import { formatImportProblem } from './problems.js';

/**
 * The traces of export files as the source of a run (`diag-eval run --traces FILE…`): each case
 * is evaluated on the trace that matches it, nothing is written. Rejects with an InputError
 * when a file cannot be used (exit 2), like `import`.
 */
export async function createImportedTraceSource(
  files: readonly string[],
  from: ImportFormatOption,
  cases: readonly EvalCase[],
  cwd: string,
): Promise<TraceSource> {
  const imported = await importTraces(files, from, cwd, { matchAttributes: matchAttributesOf(cases) });
  const matched = matchTracesToCases(imported.traces, cases);
  const byCase = new Map<string, CaseMatch>(matched.cases.map((match) => [match.evalCase.id, match]));
  const warnings = [
    ...imported.skipped.map(formatImportProblem),
    ...imported.unrecognised.map((problem) => `not recognised: ${formatImportProblem(problem)}`),
    ...matched.warnings,
  ];
  return {
    concurrency: 8,
    warnings: () => [...warnings],
    tracesFor: async (evalCase: EvalCase): Promise<TraceRunInput[]> => {
      const trace = byCase.get(evalCase.id)?.trace ?? null;
      if (trace === null) {
        const reason = `no imported trace matches the case's ${matchDescription(evalCase)} (${plural(files.length, 'export file')} read)`;
        return [{ kind: 'not_run', reason, traceFixture: null, sessionId: evalCase.sessionId }];
      }
      const { document } = trace;
      return [{ kind: 'document', document, traceFixture: trace.file, sessionId: document.sessionId ?? null }];
    },
  };
}
