import { isRecord } from '../../io/validation/is-record.js';
import type { CaseResult, Report } from '../types.js';

/** report.json: the report as built (its key order is fixed there), 2-space indented, one trailing newline. */
export function renderReportJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/**
 * Cases per chunk: some tens of kilobytes of text. Small enough that no chunk is a large object
 * for V8 (those are mapped and unmapped one by one, which costs more than rendering them); the
 * writer gathers chunks into larger writes.
 */
const CASES_PER_CHUNK = 8;

/**
 * report.json as a sequence of strings whose concatenation is exactly renderReportJson(report):
 * the top-level fields, then the cases a batch at a time, then the closing brackets. A report of
 * tens of thousands of cases is tens of megabytes of text; written chunk by chunk, it is never
 * held whole as one string (see io/atomic-write.ts).
 *
 * Each batch of cases is rendered by JSON.stringify itself, nested two levels deep as in the
 * report (`[[...batch]]`, brackets sliced off), so indentation and escaping are JSON.stringify's
 * own. A report with anything JSON.stringify would treat specially (a toJSON method) is
 * rendered whole, as one chunk, rather than imitated.
 */
export function* renderReportJsonChunks(report: Report): Generator<string, void, undefined> {
  const root = report as unknown as Record<string, unknown>;
  const cases = root['cases'];
  if (!isPlainObject(root) || !Array.isArray(cases) || hasToJson(cases) || cases.some(hasToJson)) {
    yield renderReportJson(report);
    return;
  }
  if (Object.values(root).some(hasToJson)) {
    yield renderReportJson(report);
    return;
  }
  yield* renderReportJsonFrame(root, cases.length, caseBatches(cases));
}

/** The cases' text in report.json, a batch at a time. */
function* caseBatches(cases: readonly unknown[]): Generator<string, void, undefined> {
  for (let start = 0; start < cases.length; start += CASES_PER_CHUNK) {
    // `[\n  [\n    ` before the batch and `\n  ]\n]` after it are the wrapper's own.
    const nested = JSON.stringify([cases.slice(start, start + CASES_PER_CHUNK)], null, 2);
    yield `${start === 0 ? '' : CASE_SEPARATOR}${nested.slice(10, -6)}`;
  }
}

/** What stands between two cases in report.json. */
export const CASE_SEPARATOR = ',\n    ';

/** One case as report.json shows it, inside the cases array: indented two levels deep, no separator. */
export function caseJson(result: CaseResult): string {
  return JSON.stringify([[result]], null, 2).slice(10, -6);
}

/**
 * report.json around its cases: every top-level field of `root` but the cases rendered by
 * JSON.stringify, and in the place of the cases array the texts of `casesText` (the cases as
 * caseJson renders them, separated by CASE_SEPARATOR). `root` holds no value with a toJSON method.
 */
export function* renderReportJsonFrame(
  root: Record<string, unknown>,
  caseCount: number,
  casesText: Iterable<string>,
): Generator<string, void, undefined> {
  let pending = '{';
  let first = true;
  for (const key of Object.keys(root)) {
    if (key === 'cases') {
      pending += `${first ? '' : ','}\n  ${JSON.stringify(key)}: `;
      first = false;
      if (caseCount === 0) {
        pending += '[]';
        continue;
      }
      yield `${pending}[\n    `;
      yield* casesText;
      pending = '\n  ]';
      continue;
    }
    const text = JSON.stringify(root[key], null, 2) as string | undefined;
    if (text === undefined) continue; // undefined, a function or a symbol: JSON.stringify leaves the key out
    pending += `${first ? '' : ','}\n  ${JSON.stringify(key)}: ${text.replaceAll('\n', '\n  ')}`;
    first = false;
  }
  yield `${pending}${first ? '}' : '\n}'}\n`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && !hasToJson(value);
}

function hasToJson(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function';
}
