import { join } from 'node:path';
import type { Diff } from '../diff/types.js';
import { renderDiffJson } from '../diff/render/json.js';
import { renderDiffMarkdown } from '../diff/render/markdown.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { renderReportJson } from '../report/render/json.js';
import { renderReportMarkdown } from '../report/render/markdown.js';
import type { Report } from '../report/types.js';
import type { ReportFormat } from './args.js';

/** Writes report.json / report.md (the formats asked for) and returns the absolute paths written. */
export async function writeReportFiles(folder: string, report: Report, formats: readonly ReportFormat[]): Promise<string[]> {
  const files: [string, string][] = [];
  if (formats.includes('json')) files.push([join(folder, 'report.json'), renderReportJson(report)]);
  if (formats.includes('md')) files.push([join(folder, 'report.md'), renderReportMarkdown(report)]);
  return writeAll(files);
}

export async function writeDiffFiles(
  folder: string,
  diff: Diff,
  formats: readonly ReportFormat[],
  labels: { baselinePath: string; currentPath: string },
): Promise<string[]> {
  const files: [string, string][] = [];
  if (formats.includes('json')) files.push([join(folder, 'diff.json'), renderDiffJson(diff)]);
  if (formats.includes('md')) files.push([join(folder, 'diff.md'), renderDiffMarkdown(diff, labels)]);
  return writeAll(files);
}

/** Rendering happens before any write, so a renderer failure leaves every old file as it was. */
async function writeAll(files: [string, string][]): Promise<string[]> {
  for (const [path, content] of files) await writeFileAtomic(path, content);
  return files.map(([path]) => path);
}
