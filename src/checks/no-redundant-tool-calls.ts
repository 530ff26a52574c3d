import { describeValue } from '../io/describe-value.js';
import { invocationFailed } from '../trace/evidence-yield.js';
import type { ToolInvocation } from '../trace/types.js';
import { plural, quote } from './support.js';
import type { CheckDefinition } from './types.js';

/** Arguments nested deeper than this compare as different: no real call nests so deep, and the comparison stays bounded. */
const MAX_DEPTH = 32;

export const noRedundantToolCallsCheck: CheckDefinition = {
  id: 'no-redundant-tool-calls',
  order: 240,
  spec: ['S41'],
  description:
    'No tool is invoked again with deep-equal arguments (key order ignored), unless the earlier call failed or the later one is deduped; budget.maxRepeatedCalls repeats are tolerated (default 0).',
  failsWhen:
    "more than `budget.maxRepeatedCalls` (default 0) invocations repeat an earlier invocation of the same tool with deep-equal `arguments` (object keys in any order; arguments given as JSON text are parsed), unless the latest equal earlier call failed or the repeat's status is `deduped`",
  skippedWhen: 'fewer than two invocations record `arguments`',
  run({ evalCase, trace, contract }) {
    const allowed = evalCase.budget.maxRepeatedCalls ?? 0;
    // Without recorded arguments two calls cannot be told apart, so they are not compared.
    const byTool = new Map<string, number[]>();
    let compared = 0;
    trace.toolInvocations.forEach((invocation, index) => {
      if (!('arguments' in invocation)) return;
      compared += 1;
      const indices = byTool.get(invocation.toolName);
      if (indices === undefined) byTool.set(invocation.toolName, [index]);
      else indices.push(index);
    });
    if (compared < 2) {
      return { outcome: 'skip', message: 'fewer than two tool invocations record their arguments' };
    }
    const repeats: { index: number; text: string }[] = [];
    for (const indices of byTool.values()) {
      if (indices.length < 2) continue;
      const calls = indices.map((index) => trace.toolInvocations[index] as ToolInvocation);
      const args = calls.map((invocation) => parsedArguments(invocation.arguments));
      for (let later = 1; later < calls.length; later += 1) {
        const invocation = calls[later] as ToolInvocation;
        if (invocation.evidenceStatus === 'deduped') continue;
        // The latest earlier call with equal arguments decides: a repeat of a failed call is a retry.
        for (let earlier = later - 1; earlier >= 0; earlier -= 1) {
          if (!deepEqual(args[earlier], args[later], 0)) continue;
          if (!invocationFailed(calls[earlier] as ToolInvocation, contract.emptyResultMarkers)) {
            const index = indices[later] as number;
            repeats.push({
              index,
              text: `toolInvocations[${index}] repeats [${indices[earlier] as number}]: ${quote(invocation.toolName)} with ${describeValue(invocation.arguments)}`,
            });
          }
          break;
        }
      }
    }
    if (repeats.length > allowed) {
      repeats.sort((a, b) => a.index - b.index);
      return {
        outcome: 'fail',
        message: `${plural(repeats.length, 'redundant tool call')} (budget.maxRepeatedCalls ${allowed}): ${repeats.map((repeat) => repeat.text).join('; ')}`,
      };
    }
    return {
      outcome: 'pass',
      message:
        repeats.length === 0
          ? `no tool call repeats an earlier one (${compared} compared)`
          : `${plural(repeats.length, 'repeated call')}, within budget.maxRepeatedCalls ${allowed}`,
    };
  },
};

/** Arguments recorded as JSON text compare as the value they hold, so that key order in the text does not matter either. */
function parsedArguments(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/u.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
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
