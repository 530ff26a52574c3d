import { closeSync, fstatSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { EvalCase } from '../cases/types.js';
import { decodeUtf8 } from '../io/decode-text.js';
import { displayPath } from '../io/display-path.js';
import { parseJson } from '../io/parse-json.js';
import { describeFsError } from '../io/structured-file.js';
import type { TraceRunInput, TraceSource } from './types.js';

/** A fixture larger than this is refused before it is read, so one huge file cannot exhaust memory. */
export const MAX_FIXTURE_BYTES = 64 * 1024 * 1024;

/**
 * Traces saved as JSON files in a folder, one per case (S10): `<fixtures>/<traceFixture>`.
 * Reads are synchronous on purpose: for thousands of small files in a CLI run they are
 * cheaper than the thread-pool round trips of async reads, and nothing else waits meanwhile.
 */
export function createFixtureDirSource(fixturesDir: string, cases: readonly EvalCase[], cwd: string): TraceSource {
  return {
    concurrency: 1,
    tracesFor: async (evalCase) => [readFixture(fixturesDir, evalCase, cwd)],
    warnings: () => orphanFixtures(fixturesDir, cases).map((path) => `orphan fixture (matches no case, ignored): ${displayPath(path, cwd)}`),
  };
}

export function readFixture(fixturesDir: string, evalCase: EvalCase, cwd: string): TraceRunInput {
  const path = join(fixturesDir, evalCase.traceFixture);
  const traceFixture = displayPath(path, cwd);
  const base = { traceFixture, sessionId: evalCase.sessionId };
  let descriptor: number;
  try {
    descriptor = openSync(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      return { kind: 'not_run', reason: `fixture not found: expected a trace file at ${traceFixture}`, ...base };
    }
    return { kind: 'unparsable', problem: `cannot read ${traceFixture} (${describeFsError(error)})`, ...base };
  }
  try {
    const stats = fstatSync(descriptor);
    if (stats.isDirectory()) return { kind: 'unparsable', problem: `${traceFixture} is a folder, expected a JSON file`, ...base };
    if (stats.size > MAX_FIXTURE_BYTES) {
      return {
        kind: 'unparsable',
        problem: `${traceFixture} is ${(stats.size / 1024 / 1024).toFixed(1)} MiB, over the ${MAX_FIXTURE_BYTES / 1024 / 1024} MiB limit for one trace`,
        ...base,
      };
    }
    const decoded = decodeUtf8(readFileSync(descriptor));
    if (!decoded.ok) return { kind: 'unparsable', problem: `${traceFixture}: ${decoded.problem}`, ...base };
    const parsed = parseJson(decoded.text);
    if (!parsed.ok) return { kind: 'unparsable', problem: `${traceFixture}: ${parsed.problem}`, ...base };
    return { kind: 'document', document: parsed.value, ...base };
  } catch (error) {
    return { kind: 'unparsable', problem: `cannot read ${traceFixture} (${describeFsError(error)})`, ...base };
  } finally {
    closeSync(descriptor);
  }
}

/** JSON files in the fixtures folder (and below) that no case refers to: usually a renamed case or a typo. */
export function orphanFixtures(fixturesDir: string, cases: readonly EvalCase[]): string[] {
  const referenced = new Set(cases.map((evalCase) => join(fixturesDir, evalCase.traceFixture)));
  // Code-unit order, not locale order: the list must not depend on the machine's locale.
  return listJsonFiles(fixturesDir)
    .filter((path) => !referenced.has(path))
    .map((path) => ({ path, key: toPosix(relative(fixturesDir, path)) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ path }) => path);
}

function listJsonFiles(folder: string): string[] {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return listJsonFiles(path);
    return entry.isFile() && entry.name.toLowerCase().endsWith('.json') ? [path] : [];
  });
}

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}
