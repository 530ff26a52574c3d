import { parseJson } from '../io/json/parse-json.js';
import { describeValue } from '../io/validation/describe-value.js';
import { isRecord as isObject } from '../io/validation/is-record.js';
import { isEnvelopeWithoutTrace, twinKey as keyOf, snakeKeyOf, unwrapEnvelope } from './envelope.js';
import { parseTimestamp } from './timestamp.js';
import {
  type AgentStep,
  type DiagnosisTrace,
  EVIDENCE_STATUSES,
  type EvidenceStatus,
  type TokenUsage,
  type ToolInvocation,
} from './types.js';

export type TraceLoadResult = { ok: true; trace: DiagnosisTrace } | { ok: false; problem: string };

type JsonObject = Record<string, unknown>;

/** Thrown inside this module only, to stop at the first bad field; loadTrace turns it into a result. */
class TraceShapeError extends Error {}

/**
 * Reads a parsed trace document into a DiagnosisTrace, accepting the variants real services
 * produce (docs/contract.md §3): an `{code, message, data}` envelope, snake_case keys at the top level
 * and in tool invocations and agent steps, `selfEvaluation` as a JSON-encoded string.
 * The first field that breaks the shape is named by its path as written in the file.
 */
export function loadTrace(document: unknown): TraceLoadResult {
  try {
    return { ok: true, trace: readTrace(document) };
  } catch (error) {
    if (error instanceof TraceShapeError) return { ok: false, problem: error.message };
    throw error;
  }
}

function readTrace(document: unknown): DiagnosisTrace {
  const { root, path } = unwrapEnvelope(document);
  if (!isObject(root)) fail(path || '(top level)', root, 'a trace object');
  if (path === '') refuseEmptyEnvelope(root);
  // Read once per trace, so through twinKey (readToolInvocation says why its fields are not).
  const key = (camelKey: string): string => keyOf(root, camelKey);
  const field = (camelKey: string): string => join(path, key(camelKey));
  const selfEvaluation = readSelfEvaluation(root[key('selfEvaluation')], () => field('selfEvaluation'));
  const usage = readUsage(root['usage'], () => field('usage'));
  return {
    sessionId: optionalText(root[key('sessionId')]),
    status: optionalText(root['status']),
    finalAnswer: nullableString(root[key('finalAnswer')], () => field('finalAnswer')),
    durationMs: nullableDuration(root[key('durationMs')], () => field('durationMs')),
    toolInvocations: readList(root[key('toolInvocations')], () => field('toolInvocations'), readToolInvocation, true),
    agentSteps: readList(root[key('agentSteps')], () => field('agentSteps'), readAgentStep, false),
    verifierEvaluation: selfEvaluation === null ? null : verifierEvaluationOf(selfEvaluation),
    ...(usage === null ? {} : { usage }),
  };
}

/**
 * An envelope whose `data` holds no trace (`{"code": 500, "message": "…", "data": null}`): the
 * service answered with an error. Read as a trace it would be one without fields, every field
 * being optional, and the checks would judge an empty run instead of saying the service failed.
 */
function refuseEmptyEnvelope(root: JsonObject): void {
  if (!isEnvelopeWithoutTrace(root)) return;
  const said = ['code', 'message'].filter((key) => key in root).map((key) => `${key} ${describeValue(root[key])}`);
  fail('data', root['data'], `a trace object (the document is a {code, message, data} envelope: ${said.join(', ')})`);
}

/**
 * Inside `selfEvaluation` the names are snake_case (`trace_summaries`, `tool_name`, `claim_id`);
 * some services (a Java one among them) write their camelCase twins (`traceSummaries`,
 * `toolName`, `claimId`). The checks read one spelling, so the verifier evaluation is given with
 * snake_case keys: a camelCase key is renamed unless its snake_case twin is there too, in which
 * case the snake_case one wins. Objects are copied only when they hold a camelCase key, down to
 * the items of its lists (a claim check, a trace summary) and the objects inside those.
 */
const VERIFIER_DEPTH = 3;

/**
 * `selfEvaluation.verifier_evaluation` (or its camelCase twin) with snake_case keys, or null when
 * it is not an object. A JSON-encoded object is read as the object, as `selfEvaluation` itself is:
 * an agent may keep the verifier's structured output as the text the model returned.
 */
export function verifierEvaluationOf(selfEvaluation: JsonObject): JsonObject | null {
  // The snake_case name first, as for every key inside `selfEvaluation`.
  const written =
    selfEvaluation['verifier_evaluation' in selfEvaluation ? 'verifier_evaluation' : 'verifierEvaluation'];
  const verifier = typeof written === 'string' ? encodedObject(written) : written;
  return isObject(verifier) ? snakeCased(verifier, VERIFIER_DEPTH) : null;
}

/** The object a JSON-encoded string holds, or null when it holds none. */
function encodedObject(text: string): JsonObject | null {
  const parsed = parseJson(text);
  return parsed.ok && isObject(parsed.value) ? parsed.value : null;
}

/**
 * A camelCase hump: a lower-case letter or digit, then a capital (`toolName`, not `TOOL` or `tool_name`).
 * Asked of every key of the verifier evaluation, a few dozen per trace, almost all snake_case:
 * a loop over the key's characters costs less than a regular expression call each.
 */
function hasCamelHump(key: string): boolean {
  for (let at = 1; at < key.length; at += 1) {
    const code = key.charCodeAt(at);
    if (code >= 0x41 && code <= 0x5a) {
      const before = key.charCodeAt(at - 1);
      if ((before >= 0x61 && before <= 0x7a) || (before >= 0x30 && before <= 0x39)) return true;
    }
  }
  return false;
}

function snakeCased(object: JsonObject, depth: number): JsonObject {
  let copy: JsonObject | null = null;
  // for…in, not Object.keys: no array of keys is made for each object (JSON.parse makes no
  // inherited enumerable keys, and a plain object literal has none either).
  for (const key in object) {
    const value = object[key];
    const renamed = hasCamelHump(key) ? snakeKeyOf(key) : key;
    const converted = depth > 1 ? snakeCasedValue(value, depth - 1) : value;
    if (renamed === key && converted === value) continue;
    copy ??= { ...object };
    if (renamed !== key) {
      delete copy[key];
      if (Object.hasOwn(object, renamed)) continue;
    }
    copy[renamed] = converted;
  }
  return copy ?? object;
}

function snakeCasedValue(value: unknown, depth: number): unknown {
  if (isObject(value)) return snakeCased(value, depth);
  if (!Array.isArray(value)) return value;
  let copy: unknown[] | null = null;
  for (let index = 0; index < value.length; index += 1) {
    const item: unknown = value[index];
    const converted = isObject(item) ? snakeCased(item, depth) : item;
    if (converted !== item) (copy ??= value.slice())[index] = converted;
  }
  return copy ?? value;
}

function readToolInvocation(item: unknown, path: () => string): ToolInvocation {
  if (!isObject(item)) fail(path(), item, 'a tool invocation object');
  // Each field is read here, at a place of its own, not through twinKey: the engine answers a
  // property read from the few object shapes it has seen at that place, while twinKey, asked for
  // every field of every object, falls back to a generic look-up each time. The value is the
  // camelCase field's when it is there (even null), else its snake_case twin's, as with twinKey.
  const name = item['toolName'] !== undefined || 'toolName' in item ? item['toolName'] : item['tool_name'];
  if (typeof name !== 'string') fail(join(path(), keyOf(item, 'toolName')), name, 'a string tool name');
  const status =
    item['evidenceStatus'] !== undefined || 'evidenceStatus' in item ? item['evidenceStatus'] : item['evidence_status'];
  let evidenceStatus: EvidenceStatus | null = null;
  if (status !== undefined && status !== null) {
    const lowered = typeof status === 'string' ? status.toLowerCase() : null;
    if (lowered === null || !(EVIDENCE_STATUSES as readonly string[]).includes(lowered)) {
      fail(join(path(), keyOf(item, 'evidenceStatus')), status, `one of ${EVIDENCE_STATUSES.join(', ')}`);
    }
    evidenceStatus = lowered as EvidenceStatus;
  }
  const duration = item['durationMs'] !== undefined || 'durationMs' in item ? item['durationMs'] : item['duration_ms'];
  const invocation: ToolInvocation = {
    toolName: name,
    evidenceStatus,
    durationMs:
      typeof duration === 'number' ? finiteOrFail(duration, () => join(path(), keyOf(item, 'durationMs'))) : null,
  };
  // Kept only when recorded, so that a loaded trace stays small and equal to one built by hand.
  const args = item['arguments'];
  if (args !== undefined && args !== null) invocation.arguments = args;
  const result =
    item['resultSummary'] !== undefined || 'resultSummary' in item ? item['resultSummary'] : item['result_summary'];
  if (result !== undefined && result !== null) invocation.resultSummary = result;
  const error =
    item['errorMessage'] !== undefined || 'errorMessage' in item ? item['errorMessage'] : item['error_message'];
  if (error !== undefined && error !== null) invocation.errorMessage = error;
  const startedAt = readStartedAt(item, path);
  if (startedAt !== null) invocation.startedAt = startedAt;
  // The agent that made the call (a multi-agent run): `agent`, or `agentName` / `agent_name`.
  const agent = item['agent'] ?? item['agentName'] ?? item['agent_name'];
  if (typeof agent === 'string' && agent !== '') invocation.agent = agent;
  return invocation;
}

/**
 * Agent steps are read leniently: the executor's draft answer, the agent name and the order are
 * taken from them. Only a start time that is recorded but does not parse is an error, because a
 * check compares times and a silently dropped one would change what it compares.
 */
function readAgentStep(item: unknown, path: () => string): AgentStep {
  if (!isObject(item)) return { agentName: null, output: null };
  // Read field by field here, as in readToolInvocation.
  const agentName = item['agentName'] !== undefined || 'agentName' in item ? item['agentName'] : item['agent_name'];
  const step: AgentStep = {
    agentName: typeof agentName === 'string' ? agentName : null,
    output: item['output'] ?? null,
  };
  const stepIndex = item['stepIndex'] !== undefined || 'stepIndex' in item ? item['stepIndex'] : item['step_index'];
  if (typeof stepIndex === 'number' && Number.isFinite(stepIndex)) step.stepIndex = stepIndex;
  const startedAt = readStartedAt(item, path);
  if (startedAt !== null) step.startedAt = startedAt;
  return step;
}

/** `startedAt` (or `started_at`) in epoch milliseconds; null when absent or null. */
function readStartedAt(item: JsonObject, path: () => string): number | null {
  const value = item['startedAt'] !== undefined || 'startedAt' in item ? item['startedAt'] : item['started_at'];
  if (value === undefined || value === null) return null;
  const epoch = parseTimestamp(value);
  if (epoch === null)
    fail(
      join(path(), keyOf(item, 'startedAt')),
      value,
      'an ISO-8601 date-time text (e.g. "2024-06-11T14:05:10.250+08:00") or epoch milliseconds',
    );
  return epoch;
}

/** `usage: {inputTokens, outputTokens}` (snake_case twins too): each a count of 0 or more; an absent count is 0. */
function readUsage(value: unknown, where: () => string): TokenUsage | null {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) fail(where(), value, 'an object { inputTokens, outputTokens } or null');
  const count = (camelKey: string): number => {
    const countKey = keyOf(value, camelKey);
    const count = value[countKey];
    if (count === undefined || count === null) return 0;
    if (typeof count !== 'number' || !Number.isFinite(count) || count < 0)
      fail(join(where(), countKey), count, 'a token count, 0 or more');
    return count;
  };
  return { inputTokens: count('inputTokens'), outputTokens: count('outputTokens') };
}

/** `where()` names the field as written, for a message. */
function readSelfEvaluation(value: unknown, where: () => string): JsonObject | null {
  if (value === undefined || value === null) return null;
  if (isObject(value)) return value;
  if (typeof value === 'string') {
    const parsed = parseJson(value);
    if (!parsed.ok)
      throw new TraceShapeError(`${where()}: a JSON-encoded string that is ${parsed.problem}; expected a JSON object`);
    if (isObject(parsed.value)) return parsed.value;
    fail(where(), parsed.value, 'a JSON-encoded object');
  }
  fail(where(), value, 'an object or a JSON-encoded object');
}

function readList<T>(
  value: unknown,
  where: () => string,
  readItem: (item: unknown, itemPath: () => string) => T,
  strict: boolean,
): T[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    if (strict) fail(where(), value, 'a list');
    return [];
  }
  // An item's path is needed only to name a bad item, so it is built only then.
  const items: T[] = [];
  for (let index = 0; index < value.length; index += 1) {
    items.push(readItem(value[index], () => `${where()}[${index}]`));
  }
  return items;
}

function nullableString(value: unknown, where: () => string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') fail(where(), value, 'a string or null');
  return value;
}

function finiteOrFail(value: number, where: () => string): number {
  if (!Number.isFinite(value))
    throw new TraceShapeError(
      `${where()}: found a number too large for a double (such as 1e400), expected a finite number or null`,
    );
  return value;
}

function nullableNumber(value: unknown, where: () => string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number') fail(where(), value, 'a number or null');
  // 1e400 reads as Infinity: no figure a report can hold (report.json would say null).
  return finiteOrFail(value, where);
}

/**
 * The run's duration: a negative one is a clock error, not a fast run. Let through, it would pass
 * any duration budget and lower the report's average duration and its JUnit times.
 */
function nullableDuration(value: unknown, where: () => string): number | null {
  const duration = nullableNumber(value, where);
  if (duration !== null && duration < 0) fail(where(), duration, 'a duration in milliseconds, 0 or more, or null');
  return duration;
}

/** Descriptive fields outside the checked shape: kept when they are text (or a number id), else ignored. */
function optionalText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

function fail(path: string, found: unknown, expected: string): never {
  throw new TraceShapeError(`${path}: found ${describeValue(found)}, expected ${expected}`);
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}
