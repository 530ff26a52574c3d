import type { EvalCase } from '../cases/types.js';
import { normalizeText } from '../text/normalize.js';
import type { ImportedTrace } from './import-traces.js';

export type MatchedBy = 'sessionId' | 'question' | 'traceId' | 'attribute';

/** What matching reads of a trace: an imported trace, or what `import` keeps of one it has already written. */
export interface MatchableTrace {
  traceId: string;
  file: string;
  document: Pick<ImportedTrace['document'], 'sessionId' | 'question'>;
  /** The values of the span attributes the cases match by (importTraces' `matchAttributes`). */
  matchValues?: Readonly<Record<string, readonly string[]>>;
}

/** The span attributes the cases' `match: { attribute, equals }` name, for importTraces to keep. */
export function matchAttributesOf(cases: readonly EvalCase[]): string[] {
  const keys = new Set<string>();
  for (const evalCase of cases)
    if (evalCase.match !== null && 'attribute' in evalCase.match) keys.add(evalCase.match.attribute);
  return [...keys];
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
 * Pairs imported traces with cases (docs/contract.md §9). A case with `match:` (S74) takes the
 * traces its rule names: the same session id, trace id or question, or a span attribute equal to
 * the value. Without one, a trace matches a case when its session id equals the case's
 * `sessionId`, else when its question equals the case's question once both are normalised and
 * trimmed; a case with a session id that some trace carries is matched by session id only: the
 * id names the run, the question only the kind of run.
 */
export function matchTracesToCases<T extends MatchableTrace>(
  traces: readonly T[],
  cases: readonly EvalCase[],
): MatchResult<T> {
  const used = new Set<T>();
  const questions = new Map(traces.map((trace) => [trace, comparableQuestion(trace.document.question)]));
  const byQuestion = (text: string | null): T[] => {
    const question = comparableQuestion(text);
    return question === null ? [] : traces.filter((trace) => questions.get(trace) === question);
  };
  const warnings: string[] = [];
  const matches = cases.map((evalCase): CaseMatch<T> => {
    const [candidates, by] = candidatesOf(evalCase, traces, byQuestion);
    for (const trace of candidates) used.add(trace);
    const [trace = null, ...ignored] = candidates;
    const matchedBy: MatchedBy | null = trace === null ? null : by;
    if (trace !== null && ignored.length > 0) {
      warnings.push(
        `case "${evalCase.id}": ${candidates.length} traces match by ${MATCHED_BY_WORDS[by]}; ` +
          `using trace ${describe(trace)}, ignoring ${ignored.map(describe).join(', ')}`,
      );
    }
    return { evalCase, trace, matchedBy, ignored };
  });
  return { cases: matches, unmatched: traces.filter((trace) => !used.has(trace)), warnings };
}

const MATCHED_BY_WORDS: Record<MatchedBy, string> = {
  sessionId: 'session id',
  question: 'question',
  traceId: 'trace id',
  attribute: 'span attribute',
};

function candidatesOf<T extends MatchableTrace>(
  evalCase: EvalCase,
  traces: readonly T[],
  byQuestion: (text: string | null) => T[],
): [T[], MatchedBy] {
  const rule = evalCase.match;
  if (rule !== null) {
    if ('attribute' in rule)
      return [
        traces.filter((trace) => trace.matchValues?.[rule.attribute]?.includes(rule.equals) === true),
        'attribute',
      ];
    if ('traceId' in rule) {
      const id = rule.traceId.trim().toLowerCase();
      return [traces.filter((trace) => trace.traceId === id), 'traceId'];
    }
    if ('sessionId' in rule)
      return [traces.filter((trace) => trace.document.sessionId === rule.sessionId), 'sessionId'];
    return [byQuestion(rule.question), 'question'];
  }
  const bySession =
    evalCase.sessionId === null ? [] : traces.filter((trace) => trace.document.sessionId === evalCase.sessionId);
  return bySession.length > 0 ? [bySession, 'sessionId'] : [byQuestion(evalCase.question), 'question'];
}

/** How a case that no trace matches was looked for, for the message that says so. */
export function matchDescription(evalCase: EvalCase): string {
  const rule = evalCase.match;
  if (rule === null) return evalCase.sessionId === null ? 'question' : `session id "${evalCase.sessionId}" or question`;
  if ('attribute' in rule) return `span attribute ${rule.attribute} = "${rule.equals}"`;
  if ('traceId' in rule) return `trace id ${rule.traceId}`;
  if ('sessionId' in rule) return `session id "${rule.sessionId}"`;
  return `question "${rule.question}"`;
}

function comparableQuestion(question: string | null | undefined): string | null {
  if (typeof question !== 'string') return null;
  const normalized = normalizeText(question).trim();
  return normalized === '' ? null : normalized;
}

function describe(trace: MatchableTrace): string {
  return `${trace.traceId} (${trace.file})`;
}
