import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { CaseLines } from '../cases/case-lines.js';
import type { Diff } from '../diff/types.js';
import type { CaseResult } from '../report/types.js';
import type { CliIo } from './io.js';
import { printable } from './printable.js';
import { appendStepSummary } from './step-summary.js';

/** GitHub's limit for one step's summary; a longer one is not shown at all, so it is cut. */
export const STEP_SUMMARY_LIMIT_BYTES = 1024 * 1024;
/** Annotations of each kind printed at most; GitHub shows only a few per step anyway. */
export const MAX_ANNOTATIONS = 10;

const CUT_NOTE =
  "\n\n> diag-eval: the summary was cut at 1 MiB, GitHub's limit for a step summary; the full reports are in the output folder.\n";

export function inGithubActions(io: CliIo): boolean {
  return io.env['GITHUB_ACTIONS'] === 'true';
}

export interface GithubActionsReport {
  /** The failing cases and the cases with warnings, as tallied while the report was made. */
  caseAnnotations: CaseAnnotations;
  /** For `check`: the diff against the baseline, whose regressions are annotated and summarised first. */
  diff: Diff | null;
  cases: CaseLines;
  /** The Markdown to append to the step summary (for check: the diff, then the report), whole or in chunks. */
  summaryMarkdown: string | Iterable<string>;
  annotations: boolean;
}

/**
 * When run inside GitHub Actions: appends the Markdown summary to `$GITHUB_STEP_SUMMARY` and
 * prints workflow commands that annotate the case file at each failing (or, for check,
 * regressed) case, so the reviewer sees them on the pull request (docs/contract.md §1, S51).
 */
export async function reportToGithubActions(io: CliIo, input: GithubActionsReport): Promise<void> {
  const summaryFile = io.env['GITHUB_STEP_SUMMARY'];
  if (summaryFile !== undefined && summaryFile !== '') {
    const warning = await appendStepSummary(
      summaryFile,
      cutChunksToLimit(input.summaryMarkdown, STEP_SUMMARY_LIMIT_BYTES),
    );
    if (warning !== null) io.stderr(`warning: ${printable(warning)}\n`);
  }
  if (input.annotations) {
    const print = io.workflowCommand ?? ((line: string) => io.stdout(`${line}\n`));
    const cases = { ...input.cases, displayName: workspacePath(io, input.cases.displayName) };
    for (const line of caseAnnotationLines({ ...input, cases })) print(line);
  }
}

/**
 * The case file as GitHub reads an annotation's `file=`: relative to the repository's root
 * (`$GITHUB_WORKSPACE`), not to the step's working directory, which in a monorepo
 * (`working-directory: services/agent`) is a folder below it.
 */
function workspacePath(io: CliIo, displayName: string): string {
  const workspace = io.env['GITHUB_WORKSPACE'];
  if (workspace === undefined || workspace === '') return displayName;
  const path = relative(workspace, resolve(io.cwd, displayName));
  if (path === '' || path.startsWith('..') || isAbsolute(path)) return displayName;
  return path.split(sep).join('/');
}

/** The text, or its head and a note that it was cut, in at most `limit` UTF-8 bytes; never splits a character. */
export function cutToLimit(text: string, limit: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= limit) return text;
  let end = limit - Buffer.byteLength(CUT_NOTE, 'utf8');
  // Back up to the first byte of a character: continuation bytes are 10xxxxxx.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return `${bytes.subarray(0, end).toString('utf8')}${CUT_NOTE}`;
}

/**
 * cutToLimit for text that comes in chunks: only the chunks up to the limit are read and joined,
 * so a summary of any length costs at most the limit in memory.
 */
function cutChunksToLimit(chunks: string | Iterable<string>, limit: number): string {
  const head: string[] = [];
  let bytes = 0;
  for (const chunk of typeof chunks === 'string' ? [chunks] : chunks) {
    head.push(chunk);
    bytes += Buffer.byteLength(chunk, 'utf8');
    // Past the limit, the cut depends on nothing after it.
    if (bytes > limit) break;
  }
  return cutToLimit(head.join(''), limit);
}

/** The first few annotations of one kind, and how many there are. */
interface AnnotationTally {
  first: Annotation[];
  count: number;
}

/** The annotations a report's cases give, taken a case at a time in report order. */
export class CaseAnnotations {
  readonly failures: AnnotationTally = { first: [], count: 0 };
  readonly warnings: AnnotationTally = { first: [], count: 0 };

  static of(results: Iterable<CaseResult>): CaseAnnotations {
    const tally = new CaseAnnotations();
    for (const result of results) tally.add(result);
    return tally;
  }

  add(result: CaseResult): void {
    if (result.status !== 'passed') {
      const failure = result.status === 'failed' ? checkLines(result.failedChecks) : `not run: ${result.reason ?? ''}`;
      tally(this.failures, result.caseId, failure);
    }
    const warned = result.checks.filter((row) => (row.outcome as string) === 'warn');
    if (warned.length > 0) tally(this.warnings, result.caseId, checkLines(warned));
  }
}

function tally(annotations: AnnotationTally, caseId: string, message: string): void {
  annotations.count += 1;
  if (annotations.first.length < MAX_ANNOTATIONS) annotations.first.push({ caseId, title: caseId, message });
}

function checkLines(rows: readonly { check: string; message: string }[]): string {
  return rows.map((row) => `${row.check}: ${row.message}`).join('\n');
}

function caseAnnotationLines(input: Pick<GithubActionsReport, 'caseAnnotations' | 'diff' | 'cases'>): string[] {
  const { caseAnnotations, diff, cases } = input;
  const lines: string[] = [];
  const emit = (kind: 'error' | 'warning', { first, count }: AnnotationTally, what: string): void => {
    for (const item of first.slice(0, MAX_ANNOTATIONS)) {
      const line = item.caseId === null ? null : cases.lineOfCase(item.caseId);
      const properties = [
        `file=${property(cases.displayName)}`,
        ...(line === null ? [] : [`line=${line}`]),
        `title=${property(item.title)}`,
      ];
      lines.push(`::${kind} ${properties.join(',')}::${data(item.message)}`);
    }
    if (count > MAX_ANNOTATIONS) {
      lines.push(
        `::notice::${data(`diag-eval: ${count - MAX_ANNOTATIONS} more ${what} not annotated; see the reports`)}`,
      );
    }
  };
  if (diff === null) emit('error', caseAnnotations.failures, 'failing cases');
  else {
    const regressions = regressionAnnotations(diff);
    emit('error', { first: regressions, count: regressions.length }, 'regressions');
  }
  emit('warning', caseAnnotations.warnings, 'warnings');
  return lines;
}

interface Annotation {
  caseId: string | null;
  title: string;
  message: string;
}

/** One annotation per regressed case (its regressions together), and one per aggregate regression. */
function regressionAnnotations(diff: Diff): Annotation[] {
  const annotations: Annotation[] = [];
  const byCase = new Map<string, Annotation>();
  for (const item of diff.items) {
    if (item.kind !== 'regression') continue;
    const known = item.caseId === null ? undefined : byCase.get(item.caseId);
    if (known !== undefined) known.message += `\n${item.message}`;
    else {
      const annotation = {
        caseId: item.caseId,
        title: item.caseId ?? `diag-eval: ${item.metric}`,
        message: item.message,
      };
      if (item.caseId !== null) byCase.set(item.caseId, annotation);
      annotations.push(annotation);
    }
  }
  return annotations;
}

/** The message of a workflow command: `%`, CR and LF escaped, as the runner expects. */
function data(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

/** A property value also escapes `:` and `,`, which separate properties. */
function property(text: string): string {
  return data(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}
