import type { EvalCase } from '../cases/types.js';
import { normalizeText } from '../text/normalize.js';
import type { ImportedTrace } from './import-traces.js';

export type MatchedBy = 'sessionId' | 'question';

/** What matching reads of a trace: an imported trace, or what `import` keeps of one it has already written. */
export interface MatchableTrace {
  traceId: string;
  file: string;
  document: Pick<ImportedTrace['document'], 'sessionId' | 'question'>;
}

export interface CaseMatch<T extends MatchableTrace = ImportedTrace> {
  evalCase: EvalCase;
  /** The first matching trace in file order; null when none matches. */
  trace: T | null;
  matchedBy: MatchedBy | null;
  /** Other traces that matched the case the same way, in file order; not used. */
  ignored: T[];
}

export interface MatchResult<T extends MatchableTrace = ImportedTrace> {
  /** One entry per case, in case-file order. */
  cases: CaseMatch<T>[];
  /** Traces that match no case, in file order. */
  unmatched: T[];
  /** One line per case that several traces match. */
  warnings: string[];
}

/**
 * Pairs imported traces with cases (docs/contract.md §9): a trace matches a case when its session id
 * equals the case's `sessionId`, else when its question equals the case's question once both
 * are normalised and trimmed. A case with a session id that some trace carries is matched by
 * session id only: the id names the run, the question only the kind of run.
 */
export function matchTracesToCases<T extends MatchableTrace>(
  traces: readonly T[],
  cases: readonly EvalCase[],
): MatchResult<T> {
  const used = new Set<T>();
  const questions = new Map(traces.map((trace) => [trace, comparableQuestion(trace.document.question)]));
  const warnings: string[] = [];
  const matches = cases.map((evalCase): CaseMatch<T> => {
    const bySession =
      evalCase.sessionId === null ? [] : traces.filter((trace) => trace.document.sessionId === evalCase.sessionId);
    const question = comparableQuestion(evalCase.question);
    const candidates =
      bySession.length > 0
        ? bySession
        : question === null
          ? []
          : traces.filter((trace) => questions.get(trace) === question);
    for (const trace of candidates) used.add(trace);
    const [trace = null, ...ignored] = candidates;
    const matchedBy: MatchedBy | null = trace === null ? null : bySession.length > 0 ? 'sessionId' : 'question';
    if (trace !== null && ignored.length > 0) {
      warnings.push(
        `case "${evalCase.id}": ${candidates.length} traces match by ${matchedBy === 'sessionId' ? 'session id' : 'question'}; ` +
          `using trace ${describe(trace)}, ignoring ${ignored.map(describe).join(', ')}`,
      );
    }
    return { evalCase, trace, matchedBy, ignored };
  });
  return { cases: matches, unmatched: traces.filter((trace) => !used.has(trace)), warnings };
}

function comparableQuestion(question: string | null | undefined): string | null {
  if (typeof question !== 'string') return null;
  const normalized = normalizeText(question).trim();
  return normalized === '' ? null : normalized;
}

function describe(trace: MatchableTrace): string {
  return `${trace.traceId} (${trace.file})`;
}
