import type { CaseResult, Report } from '../types.js';

/**
 * report.json: the report as built (its key order is fixed there), 2-space indented, one trailing
 * newline, as JSON.stringify writes it.
 */
export function renderReportJson(report: Report): string {
  return [...renderReportJsonChunks(report)].join('');
}

/**
 * report.json as a sequence of strings, a case at a time, for writing while it is rendered: a
 * report of tens of thousands of cases is tens of megabytes of text, never held whole as one
 * string (see io/files/atomic-write.ts). The cases are rendered as a run's spill renders them
 * (report-spill.ts), inside the frame of the other fields.
 */
export function renderReportJsonChunks(report: Report): Generator<string, void, undefined> {
  return renderReportJsonFrame(
    report as unknown as Record<string, unknown>,
    report.cases.length,
    caseTexts(report.cases),
  );
}

function* caseTexts(cases: readonly CaseResult[]): Generator<string, void, undefined> {
  for (const [index, result] of cases.entries()) yield `${index === 0 ? '' : CASE_SEPARATOR}${caseJson(result)}`;
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
 * caseJson renders them, separated by CASE_SEPARATOR): each other field as JSON.stringify renders it.
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
