import type { Diff } from '../types.js';

/**
 * Every key of diff.json's objects in the contract's order (docs/contract.md §7). No key stands in
 * two objects in different orders, so one list orders them all.
 */
const KEY_ORDER = [
  ...['schemaVersion', 'summary', 'items'],
  ...['status', 'regressions', 'improvements', 'changes'],
  ...['passRate', 'avgToolCalls', 'avgDurationMs', 'avgTokens', 'avgRepeatedCalls'],
  ...['kind', 'scope', 'caseId', 'tool', 'metric', 'baseline', 'current', 'delta', 'message', 'significance'],
  ...['verdict', 'deterministic', 'baselinePassed', 'baselineRuns', 'currentPassed', 'currentRuns'],
  ...['pValue', 'adjustedPValue', 'test', 'correction', 'alpha', 'repeatedCases', 'note', 'runsNeeded'],
];

/**
 * diff.json (S24). Objects are rebuilt in the contract's key order, so the file is byte-identical
 * for the same diff however the object passed in was put together.
 */
export function renderDiffJson(diff: Diff): string {
  const ordered = JSON.stringify(
    diff,
    (_key, value: unknown) =>
      value === null || typeof value !== 'object' || Array.isArray(value)
        ? value
        : Object.fromEntries(
            KEY_ORDER.filter((key) => Object.hasOwn(value, key)).map((key) => [
              key,
              (value as Record<string, unknown>)[key],
            ]),
          ),
    2,
  );
  return `${ordered}\n`;
}
