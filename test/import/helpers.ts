import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EvalCase } from '../../src/cases/types.js';
import type { CliIo } from '../../src/cli/io.js';
import type { ImportResult } from '../../src/import/import-traces.js';
import { hasRecognisedSpan, toTraceDocument } from '../../src/import/map/to-trace.js';
import { readExportFile } from '../../src/import/read/file.js';
import { TraceAssembly } from '../../src/import/trace-assembly.js';
import { makeEvalCase } from '../helpers/eval-case.js';

const here = dirname(fileURLToPath(import.meta.url));

export const REPO_ROOT = resolve(here, '../..');
export const FIXTURES = resolve(REPO_ROOT, 'test/fixtures/import');

/** Exports from public projects, copied with their origin and licence (test/fixtures/real/SOURCES.md). */
export const REAL_TRACES = resolve(REPO_ROOT, 'test/fixtures/real');

export function fixture(name: string): string {
  return join(FIXTURES, name);
}

export function realTrace(name: string): string {
  return join(REAL_TRACES, name);
}

/** A fresh folder under the OS temp dir; `cleanup` removes it. */
export async function temporaryFolder(): Promise<{ path: string; cleanup: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'diag-eval-import-test-'));
  return { path, cleanup: () => rm(path, { recursive: true, force: true }) };
}

export async function writeTemporaryFile(folder: string, name: string, content: string): Promise<string> {
  const path = join(folder, name);
  await writeFile(path, content, 'utf8');
  return path;
}

/**
 * Each trace of an export converted from its spans as read, every attribute kept and no span
 * compacted, in the order of first appearance: what an import must give, whatever it drops or
 * reduces while reading.
 */
export async function tracesFromSpansAsRead(path: string): Promise<ConvertedTrace[]> {
  const assembly = new TraceAssembly();
  await readExportFile({ path, display: path }, 'auto', {
    span: (span, place) => assembly.add(span, place),
    traceEvent: (traceId, event) => assembly.addEvent(traceId, event, '', null),
    emptyTrace: () => undefined,
    skipped: () => undefined,
    keepAttribute: () => true,
  });
  return assembly.settleAll().map((trace) => ({
    traceId: trace.traceId,
    recognised: hasRecognisedSpan(trace.spans),
    document: toTraceDocument(trace),
  }));
}

/** The same of an import's result, to compare with tracesFromSpansAsRead. */
export function convertedTraces(result: ImportResult): ConvertedTrace[] {
  return result.traces.map(({ traceId, document }) => ({
    traceId,
    recognised: !result.unrecognised.some((problem) => problem.message.startsWith(`trace ${traceId}:`)),
    document,
  }));
}

interface ConvertedTrace {
  traceId: string;
  recognised: boolean;
  document: unknown;
}

export function makeCase(overrides: Partial<EvalCase> & Pick<EvalCase, 'id'>): EvalCase {
  return makeEvalCase({ question: `question of ${overrides.id}`, ...overrides });
}

export interface RecordingIo extends CliIo {
  out: string[];
  err: string[];
}

export function recordingIo(cwd: string): RecordingIo {
  const out: string[] = [];
  const err: string[] = [];
  return {
    cwd,
    env: {},
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    stdoutIsTTY: false,
    out,
    err,
  };
}
