import { copyJson } from './copy-json.js';

/**
 * Keys that, copied into an object by assignment, change its prototype or shadow what every
 * object has: no report, trace or case carries data under them, and they are dropped from input
 * objects that are copied on (docs/contract.md §1, "Inputs").
 */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The value with every `__proto__`, `constructor` and `prototype` key dropped, at any depth; the
 * same value (not a copy) when it holds none. Iterative: a value nested however deep costs no stack.
 */
export function withoutUnsafeKeys<T>(value: T): T {
  if (!holdsUnsafeKey(value)) return value;
  return copyJson(
    value,
    (key) => (UNSAFE_KEYS.has(key) ? null : key),
    (text) => text,
  ) as T;
}

function holdsUnsafeKey(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (Array.isArray(item)) pending.push(...item);
    else if (typeof item === 'object' && item !== null) {
      for (const key of Object.keys(item)) {
        if (UNSAFE_KEYS.has(key)) return true;
        pending.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/**
 * An object without a prototype holding `entries` in their order: the shape for counts keyed by
 * data (a verdict, a tool name), where `__proto__`, `constructor` or `toString` are keys like any
 * other, written to JSON as they are and never read from Object.prototype.
 */
export function prototypeFreeRecord<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const record = Object.create(null) as Record<string, T>;
  // With no prototype there is no `__proto__` setter: every key is assigned as an own property.
  for (const [key, value] of entries) record[key] = value;
  return record;
}
