import { isRecord } from '../../io/is-record.js';
import type { Report } from '../types.js';

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
  let pending = '{';
  let first = true;
  for (const key of Object.keys(root)) {
    const value = root[key];
    if (hasToJson(value)) {
      yield renderReportJson(report);
      return;
    }
    if (value === cases) {
      pending += `${first ? '' : ','}\n  ${JSON.stringify(key)}: `;
      first = false;
      if (cases.length === 0) {
        pending += '[]';
        continue;
      }
      yield `${pending}[\n    `;
      pending = '';
      for (let start = 0; start < cases.length; start += CASES_PER_CHUNK) {
        // `[\n  [\n    ` before the batch and `\n  ]\n]` after it are the wrapper's own.
        const nested = JSON.stringify([cases.slice(start, start + CASES_PER_CHUNK)], null, 2);
        yield `${start === 0 ? '' : ',\n    '}${nested.slice(10, -6)}`;
      }
      pending = '\n  ]';
      continue;
    }
    const text = JSON.stringify(value, null, 2) as string | undefined;
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
