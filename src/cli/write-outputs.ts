import { join } from 'node:path';
import type { Diff } from '../diff/types.js';
import { renderDiffJson } from '../diff/render/json.js';
import { renderDiffMarkdown } from '../diff/render/markdown.js';
import { prepareFileAtomic, type FileContent, type PreparedFile } from '../io/atomic-write.js';
import { renderReportJsonChunks } from '../report/render/json.js';
import { renderReportMarkdown } from '../report/render/markdown.js';
import type { Report } from '../report/types.js';
import type { ReportFormat } from './args.js';

/** A file to write and how to render it, rendered only when it is written. */
export type PlannedFile = [path: string, render: () => FileContent];

/** Writes report.json / report.md (the formats asked for) and returns the absolute paths written. */
export async function writeReportFiles(folder: string, report: Report, formats: readonly ReportFormat[]): Promise<string[]> {
  return writeAll(reportFiles(folder, report, formats));
}

export function reportFiles(folder: string, report: Report, formats: readonly ReportFormat[]): PlannedFile[] {
  const files: PlannedFile[] = [];
  // report.json is rendered while it is written, a batch of cases at a time: for a large run it
  // is tens of megabytes, which are then never held whole as one string.
  if (formats.includes('json')) files.push([join(folder, 'report.json'), () => renderReportJsonChunks(report)]);
  if (formats.includes('md')) files.push([join(folder, 'report.md'), () => renderReportMarkdown(report)]);
  return files;
}

export async function writeDiffFiles(
  folder: string,
  diff: Diff,
  formats: readonly ReportFormat[],
  labels: { baselinePath: string; currentPath: string },
): Promise<string[]> {
  return writeAll(diffFiles(folder, diff, formats, labels));
}

export function diffFiles(
  folder: string,
  diff: Diff,
  formats: readonly ReportFormat[],
  labels: { baselinePath: string; currentPath: string },
): PlannedFile[] {
  const files: PlannedFile[] = [];
  if (formats.includes('json')) files.push([join(folder, 'diff.json'), () => renderDiffJson(diff)]);
  if (formats.includes('md')) files.push([join(folder, 'diff.md'), () => renderDiffMarkdown(diff, labels)]);
  return files;
}

/**
 * Every file is rendered into its temporary file first, and only then are they all put in
 * place, so a renderer failure (or a failed write) leaves every old file as it was.
 */
export async function writeAll(files: readonly PlannedFile[]): Promise<string[]> {
  const prepared: PreparedFile[] = [];
  try {
    for (const [path, render] of files) prepared.push(await prepareFileAtomic(path, render()));
  } catch (error) {
    await Promise.all(prepared.map((file) => file.discard()));
    throw error;
  }
  for (let index = 0; index < prepared.length; index += 1) {
    try {
      await (prepared[index] as PreparedFile).commit();
    } catch (error) {
      // The temporary files not yet put in place go too: no error path leaves one behind.
      await Promise.all(prepared.slice(index + 1).map((file) => file.discard()));
      throw error;
    }
  }
  return files.map(([path]) => path);
}
