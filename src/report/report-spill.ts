// Buys: a run's memory flat in the number of cases: no case result is kept, and no report is held whole.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { holdTemporary } from '../io/files/atomic-write.js';
import { ensureFolder } from '../io/files/ensure-folder.js';
import { SpillFile } from '../io/files/spill-file.js';
import { REPORT_SCHEMA_VERSION } from '../model/report-version.js';
import { xmlAttribute } from '../view/xml-text.js';
import { CASE_SEPARATOR, caseJson, renderReportJsonFrame } from './render/json.js';
import { JUNIT_TAIL, junitHead, junitTestcase } from './render/junit.js';
import { caseMarkdown, MARKDOWN_SECTIONS, type MarkdownSection, renderMarkdownPage } from './render/markdown.js';
import type { CaseResult, ReportSummary } from './types.js';

export interface SpillFormats {
  json: boolean;
  /** report.md, or the Markdown summary of a CI job. */
  md: boolean;
  /** report.junit.xml: the case file as the user sees it, or null when not asked for. */
  junitCaseFile: string | null;
}

/**
 * A run's reports while its cases are evaluated: each case result, handed over in case order, is
 * rendered at once into its share of each report (its report.json text, its row and sections of
 * report.md, its JUnit test case), which is written to a file of a hidden folder inside the out
 * folder (SpillFile) and dropped. Once the summary is known, each report is its head, then those
 * files read back, then its tail: byte for byte what the renderers make of the whole report in
 * memory, with memory flat in the number of cases. The folder is removed by `remove`, and with the pending
 * temporary files when the process is stopped.
 */
export class ReportSpill {
  private readonly json: SpillFile | null;
  private readonly markdown: Record<MarkdownSection, SpillFile> | null;
  private readonly junit: SpillFile | null;
  private readonly junitFile: string;
  private readonly files: SpillFile[] = [];
  private cases = 0;
  /** The cases' durations added up in case order, as the JUnit report's `time` adds them. */
  private totalMs = 0;

  private constructor(
    private readonly folder: string,
    private readonly hold: { release(): void },
    formats: SpillFormats,
    private readonly repeated: boolean,
  ) {
    this.json = formats.json ? this.sideFile('cases.json.part') : null;
    this.markdown = formats.md
      ? (Object.fromEntries(
          MARKDOWN_SECTIONS.map((section) => [section, this.sideFile(`${section}.md.part`)]),
        ) as Record<MarkdownSection, SpillFile>)
      : null;
    this.junit = formats.junitCaseFile === null ? null : this.sideFile('testcases.xml.part');
    this.junitFile = xmlAttribute(formats.junitCaseFile ?? '');
  }

  /**
   * Makes the hidden folder in `outFolder` (made if missing). When the out folder cannot take it,
   * the folder is made in the system's temporary folder instead, and writing the reports names
   * the out folder's problem.
   */
  static async open(outFolder: string, formats: SpillFormats, repeated: boolean): Promise<ReportSpill> {
    const name = `.diag-eval-run-${process.pid}-${Date.now().toString(36)}`;
    let folder = join(outFolder, name);
    try {
      await ensureFolder(outFolder);
      mkdirSync(folder);
    } catch {
      folder = mkdtempSync(join(tmpdir(), `${name}-`));
    }
    return new ReportSpill(folder, holdTemporary(folder), formats, repeated);
  }

  /** In case order. */
  add(result: CaseResult): void {
    this.json?.append(`${this.cases === 0 ? '' : CASE_SEPARATOR}${caseJson(result)}`);
    if (this.markdown !== null) {
      for (const section of MARKDOWN_SECTIONS)
        this.markdown[section].append(caseMarkdown(result, this.repeated, section));
    }
    if (this.junit !== null) {
      this.totalMs += result.durationMs ?? 0;
      this.junit.append(junitTestcase(result, this.junitFile));
    }
    this.cases += 1;
  }

  /** Every case has been added: what is pending is written out, to be read back by the renderers below. */
  finish(): void {
    for (const file of this.files) file.finish();
  }

  /**
   * report.json, as renderReportJsonChunks renders the report of these cases with this summary;
   * `head`: the fields between the schema version and the summary (a shard's).
   */
  *reportJson(head: object, summary: ReportSummary): Generator<string, void, undefined> {
    if (this.json === null) throw new Error('report.json was not spilled');
    yield* renderReportJsonFrame(
      { schemaVersion: REPORT_SCHEMA_VERSION, ...head, summary, cases: [] },
      this.cases,
      this.json.texts(),
    );
  }

  /** report.md, as renderReportMarkdownChunks renders it. */
  reportMarkdown(summary: ReportSummary): Generator<string, void, undefined> {
    const markdown = this.markdown;
    if (markdown === null) throw new Error('report.md was not spilled');
    return renderMarkdownPage(summary, (section) => markdown[section].texts());
  }

  /** report.junit.xml, as renderReportJunit renders it. */
  *reportJunit(summary: ReportSummary): Generator<string, void, undefined> {
    if (this.junit === null) throw new Error('report.junit.xml was not spilled');
    yield junitHead(summary, this.totalMs, this.junitFile);
    yield* this.junit.texts();
    yield JUNIT_TAIL;
  }

  /** A file of text in the hidden folder: a report's share, or what else a run writes out instead of holding (its CLI summary lines). */
  sideFile(name: string): SpillFile {
    const file = new SpillFile(join(this.folder, name));
    this.files.push(file);
    return file;
  }

  remove(): void {
    for (const file of this.files) file.close();
    rmSync(this.folder, { recursive: true, force: true });
    this.hold.release();
  }
}
