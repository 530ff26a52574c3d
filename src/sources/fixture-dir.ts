import { closeSync, fstatSync, openSync, readdirSync, readFileSync, readSync, type Stats } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
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
  const traceFixture = fixtureDisplayPath(fixturesDir, evalCase.traceFixture, path, cwd);
  const sessionId = evalCase.sessionId;
  let descriptor: number;
  try {
    descriptor = openSync(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      return { kind: 'not_run', reason: `fixture not found: expected a trace file at ${traceFixture}`, traceFixture, sessionId };
    }
    return unparsable(`cannot read ${traceFixture} (${describeFsError(error)})`, traceFixture, sessionId);
  }
  try {
    const stats = fstatSync(descriptor);
    if (stats.isDirectory()) return unparsable(`${traceFixture} is a folder, expected a JSON file`, traceFixture, sessionId);
    if (stats.size > MAX_FIXTURE_BYTES) {
      return unparsable(
        `${traceFixture} is ${(stats.size / 1024 / 1024).toFixed(1)} MiB, over the ${MAX_FIXTURE_BYTES / 1024 / 1024} MiB limit for one trace`,
        traceFixture,
        sessionId,
      );
    }
    const decoded = decodeUtf8(readContent(descriptor, stats));
    if (!decoded.ok) return unparsable(`${traceFixture}: ${decoded.problem}`, traceFixture, sessionId);
    const parsed = parseJson(decoded.text);
    if (!parsed.ok) return unparsable(`${traceFixture}: ${parsed.problem}`, traceFixture, sessionId);
    return { kind: 'document', document: parsed.value, traceFixture, sessionId };
  } catch (error) {
    return unparsable(`cannot read ${traceFixture} (${describeFsError(error)})`, traceFixture, sessionId);
  } finally {
    closeSync(descriptor);
  }
}

/** The fixtures folder as displayPath shows it, for the folder and working directory of the last call. */
let shownFolder = { fixturesDir: '', cwd: '', shown: '' };

/**
 * displayPath(path, cwd) for path = join(fixturesDir, traceFixture), without resolving a path
 * per case: when the folder lies in the working directory (shown without `..`) and the fixture
 * name is a plain relative path (no `.`, `..` or empty segments), it is the folder as shown,
 * then the name. Anything else goes through displayPath.
 */
function fixtureDisplayPath(fixturesDir: string, traceFixture: string, path: string, cwd: string): string {
  // A relative cwd would be resolved against process.cwd(), which may change between calls.
  if (sep !== '/' || !isAbsolute(cwd) || UNPLAIN_SEGMENT.test(traceFixture)) return displayPath(path, cwd);
  if (shownFolder.fixturesDir !== fixturesDir || shownFolder.cwd !== cwd) {
    shownFolder = { fixturesDir, cwd, shown: displayPath(fixturesDir, cwd) };
  }
  const { shown } = shownFolder;
  if (shown === '.') return traceFixture;
  if (shown === '..' || shown.startsWith('../') || shown.startsWith('/')) return displayPath(path, cwd);
  return `${shown}/${traceFixture}`;
}

/** An empty, `.` or `..` segment, which includes a leading or trailing `/`. */
const UNPLAIN_SEGMENT = /(?:^|\/)\.{0,2}(?:\/|$)/u;

function unparsable(problem: string, traceFixture: string, sessionId: string | null): TraceRunInput {
  return { kind: 'unparsable', problem, traceFixture, sessionId };
}

/**
 * Fixtures up to this size are read into one buffer that is reused from file to file (their
 * bytes are decoded to a string at once, so the buffer is free again before the next read);
 * larger ones get a buffer of their own, so that one big file does not stay in memory.
 */
const SCRATCH_LIMIT = 1024 * 1024;
let scratch = Buffer.allocUnsafeSlow(64 * 1024);

/**
 * The bytes of an open regular file whose size fstat gave: one read call for a fixture-sized
 * file, and no second fstat and no copy, unlike readFileSync(descriptor). Like readFileSync it
 * reads up to that size and stops early at end of file. Anything else (a device, a pipe, a file
 * whose size the system reports as 0) is read by readFileSync, to its end.
 */
function readContent(descriptor: number, stats: Stats): Uint8Array {
  const size = stats.size;
  if (size === 0 || !stats.isFile()) return readFileSync(descriptor);
  let buffer: Buffer;
  if (size > SCRATCH_LIMIT) {
    buffer = Buffer.allocUnsafeSlow(size);
  } else {
    if (scratch.length < size) scratch = Buffer.allocUnsafeSlow(Math.min(SCRATCH_LIMIT, Math.max(size, scratch.length * 2)));
    buffer = scratch;
  }
  let filled = 0;
  while (filled < size) {
    const count = readSync(descriptor, buffer, filled, size - filled, null);
    if (count === 0) break;
    filled += count;
  }
  return buffer.subarray(0, filled);
}

/** JSON files in the fixtures folder (and below) that no case refers to: usually a renamed case or a typo. */
export function orphanFixtures(fixturesDir: string, cases: readonly EvalCase[]): string[] {
  // Most cases name a file directly in the folder (`<id>.json`): those are matched by name,
  // without building a path per case and per file; any other name is matched by its full path.
  const referencedNames = new Set<string>();
  const referencedPaths = new Set<string>();
  for (const evalCase of cases) {
    const name = evalCase.traceFixture;
    if (isPlainName(name)) referencedNames.add(name);
    else referencedPaths.add(join(fixturesDir, name));
  }
  const orphans: string[] = [];
  collectOrphans(fixturesDir, true, referencedNames, referencedPaths, orphans);
  // Code-unit order, not locale order: the list must not depend on the machine's locale.
  return orphans
    .map((path) => ({ path, key: toPosix(relative(fixturesDir, path)) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ path }) => path);
}

/** A file name with no separator that join() would keep as it is: join(folder, name) is folder + sep + name. */
function isPlainName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !name.includes('/') && !name.includes('\\');
}

function collectOrphans(
  folder: string,
  top: boolean,
  referencedNames: ReadonlySet<string>,
  referencedPaths: ReadonlySet<string>,
  orphans: string[],
): void {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const name = entry.name;
    if (entry.isDirectory()) {
      collectOrphans(join(folder, name), false, referencedNames, referencedPaths, orphans);
      continue;
    }
    if (!entry.isFile() || !name.toLowerCase().endsWith('.json')) continue;
    if (top && referencedNames.has(name)) continue;
    // The record `diag-eval pull` keeps beside the traces it pulled, not a trace.
    if (top && name === 'manifest.json') continue;
    const path = join(folder, name);
    if (!referencedPaths.has(path)) orphans.push(path);
  }
}

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}
