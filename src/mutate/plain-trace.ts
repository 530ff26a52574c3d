import { parseJson } from '../io/json/parse-json.js';
import { withoutUnsafeKeys } from '../io/json/unsafe-keys.js';
import { isRecord as isObject } from '../io/validation/is-record.js';
import { unwrapEnvelope } from '../trace/envelope.js';

export { isRecord as isObject } from '../io/validation/is-record.js';

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
  const trace = camelKeys(cloneJson(withoutUnsafeKeys(root)) as JsonObject) as PlainTrace;
  const selfEvaluation = trace['selfEvaluation'];
  if (typeof selfEvaluation === 'string') {
    const parsed = parseJson(selfEvaluation);
    if (parsed.ok && isObject(parsed.value)) trace.selfEvaluation = parsed.value;
  }
  if (Array.isArray(trace.toolInvocations))
    trace.toolInvocations = trace.toolInvocations.map((item) => (isObject(item) ? camelKeys(item) : item));
  if (Array.isArray(trace.agentSteps))
    trace.agentSteps = trace.agentSteps.map((item) => (isObject(item) ? camelKeys(item) : item));
  return trace;
}

/** A deep copy of a JSON value (traces hold only JSON values, so structuredClone is exact). */
export function cloneJson<T>(value: T): T {
  return structuredClone(value);
}

/** `selfEvaluation.verifier_evaluation` when it is an object, else null. */
export function verifierOf(trace: PlainTrace): JsonObject | null {
  const selfEvaluation = trace.selfEvaluation;
  if (!isObject(selfEvaluation)) return null;
  const verifier = selfEvaluation['verifier_evaluation'];
  return isObject(verifier) ? verifier : null;
}

export function invocationsOf(trace: PlainTrace): JsonObject[] {
  return Array.isArray(trace.toolInvocations) ? trace.toolInvocations.filter(isObject) : [];
}

export function stepsOf(trace: PlainTrace): JsonObject[] {
  return Array.isArray(trace.agentSteps) ? trace.agentSteps.filter(isObject) : [];
}

/** The verifier's `trace_summaries` entries that are objects. */
export function summariesOf(trace: PlainTrace): JsonObject[] {
  const summaries = verifierOf(trace)?.['trace_summaries'];
  return Array.isArray(summaries) ? summaries.filter(isObject) : [];
}

/** Tool names the trace invokes, in order of first call. */
export function calledTools(trace: PlainTrace): string[] {
  const names: string[] = [];
  for (const invocation of invocationsOf(trace)) {
    const name = invocation['toolName'];
    if (typeof name === 'string' && !names.includes(name)) names.push(name);
  }
  return names;
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
  for (const summary of summariesOf(trace)) add(summary['tool_name'], summary['evidence_status'], null);
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

/** A copy of the trace with `change` applied to it. */
export function changed(trace: PlainTrace, change: (copy: PlainTrace) => void): PlainTrace {
  const copy = cloneJson(trace);
  change(copy);
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
