import { join } from 'node:path';
import { renderDiffJson } from '../diff/render/json.js';
import { renderDiffMarkdown } from '../diff/render/markdown.js';
import type { Diff } from '../diff/types.js';
import { type FileContent, type PreparedFile, prepareFileAtomic } from '../io/files/atomic-write.js';
import type { CaseDetails } from '../model/case-details.js';
import { renderReportJsonChunks } from '../report/render/json.js';
import { renderReportJunit } from '../report/render/junit.js';
import { renderReportMarkdownChunks } from '../report/render/markdown.js';
import type { Report } from '../report/types.js';
import type { ReportFormat } from './args.js';

/** A file to write and how to render it, rendered only when it is written. */
export type PlannedFile = [path: string, render: () => FileContent];

/** What the JUnit and HTML reports show beyond report.json. */
export interface ReportContext {
  /** The case file as shown to the user. */
  caseFile: string;
  /** One per case, in report order; null when not collected (no HTML asked for). */
  details: CaseDetails[] | null;
  /** For check: the diff against the baseline, shown on a tab of report.html. */
  diff?: { diff: Diff; labels: { baselinePath: string; currentPath: string }; baseline: Report } | null;
}

/** Writes report.json / report.md / report.junit.xml / report.html (the formats asked for) and returns the absolute paths written. */
export async function writeReportFiles(
  folder: string,
  report: Report,
  formats: readonly ReportFormat[],
  context: ReportContext = { caseFile: 'cases', details: null },
): Promise<string[]> {
  return writeAll(await reportFiles(folder, report, formats, context));
}

export async function reportFiles(
  folder: string,
  report: Report,
  formats: readonly ReportFormat[],
  context: ReportContext = { caseFile: 'cases', details: null },
): Promise<PlannedFile[]> {
  const files: PlannedFile[] = [];
  // report.json is rendered while it is written, a batch of cases at a time: for a large run it
  // is tens of megabytes, which are then never held whole as one string.
  if (formats.includes('json')) files.push([join(folder, 'report.json'), () => renderReportJsonChunks(report)]);
  if (formats.includes('md')) files.push([join(folder, 'report.md'), () => renderReportMarkdownChunks(report)]);
  if (formats.includes('junit'))
    files.push([join(folder, 'report.junit.xml'), () => renderReportJunit(report, { caseFile: context.caseFile })]);
  if (formats.includes('html')) {
    // Loaded only when asked for: a run without --format html never reads the page's code.
    const { renderReportHtml } = await import('../pages/render-html.js');
    const diff = context.diff ?? null;
    files.push([
      join(folder, 'report.html'),
      () =>
        renderReportHtml({ report, details: context.details, caseFile: context.caseFile, diff, initialTab: 'cases' }),
    ]);
  }
  return files;
}

export async function writeDiffFiles(
  folder: string,
  diff: Diff,
  formats: readonly ReportFormat[],
  labels: { baselinePath: string; currentPath: string },
  /** The two reports compared, for diff.html (the `diff` command's HTML page). */
  reports: { baseline: Report; current: Report } | null = null,
): Promise<string[]> {
  return writeAll(await diffFiles(folder, diff, formats, labels, reports));
}

export async function diffFiles(
  folder: string,
  diff: Diff,
  formats: readonly ReportFormat[],
  labels: { baselinePath: string; currentPath: string },
  reports: { baseline: Report; current: Report } | null = null,
): Promise<PlannedFile[]> {
  const files: PlannedFile[] = [];
  if (formats.includes('json')) files.push([join(folder, 'diff.json'), () => renderDiffJson(diff)]);
  if (formats.includes('md')) files.push([join(folder, 'diff.md'), () => renderDiffMarkdown(diff, labels)]);
  if (formats.includes('html') && reports !== null) {
    const { renderReportHtml } = await import('../pages/render-html.js');
    files.push([
      join(folder, 'diff.html'),
      () =>
        renderReportHtml({
          report: reports.current,
          details: null,
          caseFile: null,
          diff: { diff, labels, baseline: reports.baseline },
          initialTab: 'diff',
        }),
    ]);
  }
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
