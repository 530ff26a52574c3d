import { describeValue } from '../io/describe-value.js';
import { invocationFailed } from '../trace/evidence-yield.js';
import type { ToolInvocation } from '../trace/types.js';
import { plural, quote } from './support.js';
import type { CheckDefinition } from './types.js';

/** Arguments nested deeper than this are compared by their text up to here: enough for any real call, and bounded. */
const MAX_DEPTH = 32;

export const noRedundantToolCallsCheck: CheckDefinition = {
  id: 'no-redundant-tool-calls',
  spec: ['S41'],
  description:
    'No tool is invoked again with deep-equal arguments (key order ignored), unless the earlier call failed or the later one is deduped; budget.maxRepeatedCalls repeats are tolerated (default 0).',
  run({ evalCase, trace, contract }) {
    const allowed = evalCase.budget.maxRepeatedCalls ?? 0;
    const lastCallBySignature = new Map<string, { index: number; invocation: ToolInvocation }>();
    const repeats: string[] = [];
    let compared = 0;
    trace.toolInvocations.forEach((invocation, index) => {
      // Without recorded arguments two calls cannot be told apart, so they are not compared.
      if (!('arguments' in invocation)) return;
      compared += 1;
      const signature = `${invocation.toolName}\u0000${canonicalText(parsedArguments(invocation.arguments), 0)}`;
      const earlier = lastCallBySignature.get(signature);
      lastCallBySignature.set(signature, { index, invocation });
      if (earlier === undefined || invocationFailed(earlier.invocation, contract.emptyResultMarkers) || invocation.evidenceStatus === 'deduped') return;
      repeats.push(`toolInvocations[${index}] repeats [${earlier.index}]: ${quote(invocation.toolName)} with ${describeValue(invocation.arguments)}`);
    });
    if (compared < 2) {
      return { outcome: 'skip', message: 'fewer than two tool invocations record their arguments' };
    }
    if (repeats.length > allowed) {
      return {
        outcome: 'fail',
        message: `${plural(repeats.length, 'redundant tool call')} (budget.maxRepeatedCalls ${allowed}): ${repeats.join('; ')}`,
      };
    }
    return {
      outcome: 'pass',
      message: repeats.length === 0 ? `no tool call repeats an earlier one (${compared} compared)` : `${plural(repeats.length, 'repeated call')}, within budget.maxRepeatedCalls ${allowed}`,
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

/** JSON text with object keys sorted at every level, so that equal arguments written in another key order give equal text. */
function canonicalText(value: unknown, depth: number): string {
  if (Array.isArray(value)) {
    return depth >= MAX_DEPTH ? '[…]' : `[${(value as unknown[]).map((item) => canonicalText(item, depth + 1)).join(',')}]`;
  }
  if (typeof value === 'object' && value !== null) {
    if (depth >= MAX_DEPTH) return '{…}';
    const fields = value as Record<string, unknown>;
    const keys = Object.keys(fields).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalText(fields[key], depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
