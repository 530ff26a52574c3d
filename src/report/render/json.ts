import type { Report } from '../types.js';

/** report.json: the report as built (its key order is fixed there), 2-space indented, one trailing newline. */
export function renderReportJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
