import { join } from 'node:path';
import { renderDiffJson } from '../diff/render/json.js';
import { renderDiffMarkdown } from '../diff/render/markdown.js';
import type { Diff } from '../diff/types.js';
import { type FileContent, type PreparedFile, prepareFileAtomic } from '../io/files/atomic-write.js';
import type { CaseDetails } from '../model/case-details.js';
import type { HtmlDiffInput, HtmlReportInput } from '../pages/render-html.js';
import { renderReportJsonChunks } from '../report/render/json.js';
import { renderReportJunit } from '../report/render/junit.js';
import { renderReportMarkdownChunks } from '../report/render/markdown.js';
import type { Report } from '../report/types.js';

/** A file to write and how to render it, rendered only when it is written. */
export type PlannedFile = [path: string, render: () => FileContent | Promise<FileContent>];

/** What the JUnit and HTML reports show beyond report.json. */
export interface ReportContext {
  /** The case file as shown to the user. */
  caseFile: string;
  /** One per case, in report order; null when not collected (no HTML asked for). */
  details: CaseDetails[] | null;
  /** For check: the diff against the baseline, shown on a tab of report.html. */
  diff?: HtmlDiffInput | null;
}

/** The files of the formats asked for, in the order of `byFormat`, which names each format's file and its renderer. */
export function formatFiles(
  folder: string,
  formats: readonly string[],
  byFormat: Record<string, [name: string, render: PlannedFile[1]]>,
): PlannedFile[] {
  return Object.entries(byFormat)
    .filter(([format]) => formats.includes(format))
    .map(([, [name, render]]) => [join(folder, name), render]);
}

/** report.json / report.md / report.junit.xml / report.html, the formats asked for. */
export function reportFiles(
  folder: string,
  report: Report,
  formats: readonly string[],
  context: ReportContext = { caseFile: 'cases', details: null },
): PlannedFile[] {
  return formatFiles(folder, formats, {
    // report.json is rendered while it is written, a batch of cases at a time: for a large run it
    // is tens of megabytes, which are then never held whole as one string.
    json: ['report.json', () => renderReportJsonChunks(report)],
    md: ['report.md', () => renderReportMarkdownChunks(report)],
    junit: ['report.junit.xml', () => renderReportJunit(report, { caseFile: context.caseFile })],
    html: [
      'report.html',
      () =>
        renderHtml({
          report,
          details: context.details,
          caseFile: context.caseFile,
          diff: context.diff ?? null,
          initialTab: 'cases',
        }),
    ],
  });
}

/** diff.json / diff.md / diff.html (the `diff` command's HTML page, made of the two reports compared). */
export function diffFiles(
  folder: string,
  diff: Diff,
  formats: readonly string[],
  labels: { baselinePath: string; currentPath: string },
  reports: { baseline: Report; current: Report },
): PlannedFile[] {
  return formatFiles(folder, formats, {
    json: ['diff.json', () => renderDiffJson(diff)],
    md: ['diff.md', () => renderDiffMarkdown(diff, labels)],
    html: [
      'diff.html',
      () =>
        renderHtml({
          report: reports.current,
          details: null,
          caseFile: null,
          diff: { diff, labels, baseline: reports.baseline },
          initialTab: 'diff',
        }),
    ],
  });
}

/** The page's code is loaded only when asked for: a run without --format html never reads it. */
async function renderHtml(input: HtmlReportInput): Promise<string> {
  const { renderReportHtml } = await import('../pages/render-html.js');
  return renderReportHtml(input);
}

/**
 * Every file is rendered into its temporary file first, and only then are they all put in
 * place, so a renderer failure (or a failed write) leaves every old file as it was.
 */
export async function writeAll(files: readonly PlannedFile[]): Promise<string[]> {
  const prepared: PreparedFile[] = [];
  try {
    for (const [path, render] of files) prepared.push(await prepareFileAtomic(path, await render()));
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
