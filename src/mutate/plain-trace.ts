import { parseJson } from '../io/json/parse-json.js';
import { withoutUnsafeKeys } from '../io/json/unsafe-keys.js';
import { isRecord } from '../io/validation/is-record.js';
import { unwrapEnvelope } from '../trace/envelope.js';

export type JsonObject = Record<string, unknown>;

/**
 * A trace in the plain form of docs/contract.md §3: no envelope, camelCase keys at the top level,
 * in tool invocations and in agent steps, `selfEvaluation` an object. Operators and rewrites work
 * on this form so that each is written once, whatever variant a fixture was saved in.
 */
export interface PlainTrace extends JsonObject {
  finalAnswer?: string | null;
  durationMs?: number | null;
  status?: string | null;
  selfEvaluation?: JsonObject | null;
  agentSteps?: JsonObject[];
  toolInvocations?: JsonObject[];
}

/**
 * The plain form of a loadable trace document: a deep copy, the fixture's own document left
 * untouched, without `__proto__`, `constructor` or `prototype` keys (docs/contract.md §1, "Data keys").
 */
export function toPlainTrace(document: unknown): PlainTrace {
  const { root } = unwrapEnvelope(document);
  const trace = camelKeys(structuredClone(withoutUnsafeKeys(root)) as JsonObject) as PlainTrace;
  const selfEvaluation = trace['selfEvaluation'];
  if (typeof selfEvaluation === 'string') {
    const parsed = parseJson(selfEvaluation);
    if (parsed.ok && isRecord(parsed.value)) trace.selfEvaluation = parsed.value;
  }
  for (const key of ['toolInvocations', 'agentSteps'] as const) {
    const items = trace[key];
    if (Array.isArray(items)) trace[key] = items.map((item) => (isRecord(item) ? camelKeys(item) : item));
  }
  return trace;
}

/** `selfEvaluation.verifier_evaluation` when it is an object, else null. */
export function verifierOf(trace: PlainTrace): JsonObject | null {
  const verifier = isRecord(trace.selfEvaluation) ? trace.selfEvaluation['verifier_evaluation'] : undefined;
  return isRecord(verifier) ? verifier : null;
}

export function invocationsOf(trace: PlainTrace): JsonObject[] {
  return Array.isArray(trace.toolInvocations) ? trace.toolInvocations.filter(isRecord) : [];
}

export function stepsOf(trace: PlainTrace): JsonObject[] {
  return Array.isArray(trace.agentSteps) ? trace.agentSteps.filter(isRecord) : [];
}

/** Tool names the trace invokes, in order of first call. */
export function calledTools(trace: PlainTrace): string[] {
  const names = invocationsOf(trace).map((invocation) => invocation['toolName']);
  return [...new Set(names.filter((name) => typeof name === 'string'))];
}

/**
 * Tool names the trace has evidence from, in order of first mention: an invocation that yielded
 * some (no failed or no_evidence status, no error message) or a verifier summary that says so.
 * Only these can regress: dropping a call that already failed changes nothing a reviewer cares about.
 */
export function evidenceTools(trace: PlainTrace): string[] {
  const names: string[] = [];
  const add = (name: unknown, status: unknown, error: unknown): void => {
    if (typeof name !== 'string' || names.includes(name)) return;
    if (typeof status === 'string' && NO_EVIDENCE.includes(status.toLowerCase())) return;
    if (typeof error === 'string' && error !== '') return;
    names.push(name);
  };
  for (const invocation of invocationsOf(trace))
    add(invocation['toolName'], invocation['evidenceStatus'], invocation['errorMessage']);
  const summaries = verifierOf(trace)?.['trace_summaries'];
  for (const summary of Array.isArray(summaries) ? summaries.filter(isRecord) : [])
    add(summary['tool_name'], summary['evidence_status'], null);
  return names;
}

/** Invoked tools the trace has evidence from, in order of first call. */
export function calledEvidenceTools(trace: PlainTrace): string[] {
  const called = calledTools(trace);
  return evidenceTools(trace).filter((tool) => called.includes(tool));
}

const NO_EVIDENCE = ['failed', 'no_evidence'];

export function answerOf(trace: PlainTrace): string {
  return typeof trace.finalAnswer === 'string' ? trace.finalAnswer : '';
}

/** A deep copy of the trace with `change` applied to it, or with the fields of `change` set. */
export function changed(trace: PlainTrace, change: PlainTrace | ((copy: PlainTrace) => void)): PlainTrace {
  const copy = structuredClone(trace);
  if (typeof change === 'function') change(copy);
  else Object.assign(copy, change);
  return copy;
}

/**
 * snake_case keys of one object level turned into their camelCase twins (a camelCase key already
 * there wins). Keys are data: own keys only are looked at (`to_string` is no twin of
 * Object.prototype's `toString`).
 */
function camelKeys(object: JsonObject): JsonObject {
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(object)) {
    const camel = key.replace(/_([a-z])/gu, (_match, letter: string) => letter.toUpperCase());
    if (camel !== key && Object.hasOwn(object, camel)) continue;
    result[camel] = value;
  }
  return result;
}
