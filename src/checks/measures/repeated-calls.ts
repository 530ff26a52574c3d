import { parseJsonOrUndefined } from '../../io/json/parse-json.js';
import { describeValue } from '../../io/validation/describe-value.js';
import { type EmptyResultMarkers, invocationFailed } from '../../trace/evidence-yield.js';
import type { DiagnosisTrace, ToolInvocation } from '../../trace/types.js';
import { quote } from '../support.js';

/** Arguments nested deeper than this compare as different: no real call nests so deep, and the comparison stays bounded. */
const MAX_DEPTH = 32;

/** A repeat, as no-redundant-tool-calls' message `repeat` shows it: indices in `toolInvocations`, texts quoted. */
export interface RepeatedCall {
  index: number;
  /** The index of the earlier call it repeats. */
  repeats: number;
  tool: string;
  /** ` by "<agent>"`, or '' when the call names no agent. */
  agent: string;
  arguments: string;
}

export interface RepeatedCalls {
  /** Invocations that record arguments (the ones compared). */
  compared: number;
  repeats: RepeatedCall[];
}

/**
 * S41, S70: the calls that repeat an earlier call of the same tool by the same agent with
 * deep-equal arguments (object keys in any order; arguments given as JSON text parsed), unless
 * the latest equal earlier call failed (a retry) or the repeat is `deduped`. Calls of different
 * agents (`agent` on the invocation) are not repeats of each other: two experts making the same
 * standard probe each need its answer. A cost, counted in the report beside tool calls and tokens.
 */
export function findRepeatedCalls(trace: DiagnosisTrace, emptyResultMarkers: EmptyResultMarkers): RepeatedCalls {
  // Without recorded arguments two calls cannot be told apart, so they are not compared.
  const byCaller = new Map<string, number[]>();
  let compared = 0;
  trace.toolInvocations.forEach((invocation, index) => {
    if (!('arguments' in invocation)) return;
    compared += 1;
    // The agent and the tool, as one key: a NUL cannot occur in either name's JSON text.
    const key = `${invocation.agent ?? ''}\u0000${invocation.toolName}`;
    const indices = byCaller.get(key);
    if (indices === undefined) byCaller.set(key, [index]);
    else indices.push(index);
  });
  const repeats: RepeatedCall[] = [];
  for (const indices of byCaller.values()) {
    if (indices.length < 2) continue;
    const calls = indices.map((index) => trace.toolInvocations[index] as ToolInvocation);
    const args = calls.map((invocation) => parsedArguments(invocation.arguments));
    for (let later = 1; later < calls.length; later += 1) {
      const invocation = calls[later] as ToolInvocation;
      if (invocation.evidenceStatus === 'deduped') continue;
      // The latest earlier call with equal arguments decides: a repeat of a failed call is a retry.
      for (let earlier = later - 1; earlier >= 0; earlier -= 1) {
        if (!deepEqual(args[earlier], args[later], 0)) continue;
        if (!invocationFailed(calls[earlier] as ToolInvocation, emptyResultMarkers)) {
          const index = indices[later] as number;
          const repeated = indices[earlier] as number;
          const agent = invocation.agent === undefined ? '' : ` by ${quote(invocation.agent)}`;
          const tool = quote(invocation.toolName);
          repeats.push({ index, repeats: repeated, tool, agent, arguments: describeValue(invocation.arguments) });
        }
        break;
      }
    }
  }
  repeats.sort((a, b) => a.index - b.index);
  return { compared, repeats };
}

/** Arguments recorded as JSON text compare as the value they hold, so that key order in the text does not matter either. */
function parsedArguments(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/u.test(value)) return value;
  const parsed = parseJsonOrUndefined(value);
  return parsed === undefined ? value : parsed;
}

/** Equal JSON values; object keys in any order, list items in order. */
function deepEqual(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth >= MAX_DEPTH) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index += 1) if (!deepEqual(a[index], b[index], depth + 1)) return false;
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(right, key) || !deepEqual(left[key], right[key], depth + 1)) return false;
  }
  return true;
}
