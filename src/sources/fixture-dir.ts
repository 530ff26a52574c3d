// Buys: reading a stretch of fixtures ahead of their judging (readAhead) is half of what makes a fixtures run about a fifth faster (CHANGELOG.md).
import { type Dirent, readdirSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { CaseSequence } from '../cases/case-sequence.js';
import type { EvalCase } from '../cases/types.js';
import { InputError } from '../io/errors.js';
import { displayPath } from '../io/files/display-path.js';
import { describeFsError } from '../io/files/fs-problem.js';
import { MAX_FIXTURE_BYTES } from '../io/files/input-limits.js';
import { readJsonFile } from '../io/json/read-json-file.js';
import { sessionIdOf } from '../trace/envelope.js';
import { discoverRunFiles, type RunFiles } from './run-files.js';
import type { TraceRunInput, TraceSource } from './types.js';

export { MAX_FIXTURE_BYTES };

/** A fixtures folder as a trace source; `repeat` is K when the folder holds repeated runs (run-files.ts), else null. */
export type FixtureDirSource = TraceSource & { readonly repeat: number | null };

/**
 * Traces saved as JSON files in a folder, one per case (S10): `<fixtures>/<traceFixture>`.
 * Reads are synchronous on purpose: for thousands of small files in a CLI run they are
 * cheaper than the thread-pool round trips of async reads, and nothing else waits meanwhile.
 */
export function createFixtureDirSource(fixturesDir: string, cases: CaseSequence, cwd: string): FixtureDirSource {
  const runFiles = discoverRunFiles(fixturesDir, cases);
  if (runFiles.badNumbers.length > 0) {
    const folder = displayPath(fixturesDir, cwd);
    throw new InputError(runFiles.badNumbers.map((problem) => `${folder}/${problem}`));
  }
  const folder = fixtureFolder(fixturesDir, cwd);
  return {
    concurrency: 1,
    repeat: runFiles.repeat,
    tracesFor: async (evalCase) => readCaseRuns(folder, evalCase, runFiles),
    readAhead: (ahead) => readStretch(folder, ahead, runFiles),
    warnings: () => orphanFixtureWarnings(fixturesDir, cases, cwd, runFiles),
  };
}

/**
 * The runs of a case: its run files when the folder has them (S75), each with the session id its
 * trace records, as the live run that recorded them had it; else its one fixture.
 */
function readCaseRuns(
  folder: FixtureFolder,
  evalCase: EvalCase,
  runFiles: RunFiles | null,
  size: { bytes: number } | null = null,
): TraceRunInput[] {
  const names = runFiles?.runNamesOf(evalCase.traceFixture) ?? null;
  if (names === null) return [readFixture(folder, evalCase, size)];
  return names.map((traceFixture) => {
    const input = readFixture(folder, { ...evalCase, traceFixture }, size);
    return input.kind === 'document'
      ? { ...input, sessionId: sessionIdOf(input.document) ?? evalCase.sessionId }
      : input;
  });
}

/**
 * How many bytes of fixtures are read ahead of their evaluation (TraceSource.readAhead): a stretch
 * of traces of the usual size (a few to a few dozen KB each); at most one fixture's limit beyond.
 */
const READ_AHEAD_BYTES = 2 * 1024 * 1024;

/** The traces of the first cases of `ahead`, read here, until READ_AHEAD_BYTES are read (at least one). */
function readStretch(folder: FixtureFolder, ahead: readonly EvalCase[], runFiles: RunFiles | null): TraceRunInput[][] {
  const runs: TraceRunInput[][] = [];
  const size = { bytes: 0 };
  for (const evalCase of ahead) {
    if (runs.length > 0 && size.bytes >= READ_AHEAD_BYTES) break;
    runs.push(readCaseRuns(folder, evalCase, runFiles, size));
  }
  return runs;
}

/**
 * A fixtures folder its traces are read from, for one run: where it is, how it is shown, and its
 * real path, resolved when a fixture name first needs it.
 */
export interface FixtureFolder {
  readonly path: string;
  readonly cwd: string;
  /** The folder as displayPath shows it, or null when each fixture's path goes through displayPath. */
  readonly shown: string | null;
  realPath(): string;
}

export function fixtureFolder(fixturesDir: string, cwd: string): FixtureFolder {
  let real: string | undefined;
  return {
    path: fixturesDir,
    cwd,
    // A relative cwd would be resolved against process.cwd(), which may change between calls.
    shown: sep === '/' && isAbsolute(cwd) ? displayPath(fixturesDir, cwd) : null,
    realPath() {
      if (real === undefined) {
        try {
          real = realpathSync.native(fixturesDir);
        } catch {
          real = fixturesDir;
        }
      }
      return real;
    },
  };
}

/** The trace of a case's fixture; with `size`, the size of the file read whole is added to `size.bytes`. */
export function readFixture(
  folder: FixtureFolder,
  evalCase: EvalCase,
  size: { bytes: number } | null = null,
): TraceRunInput {
  const path = join(folder.path, evalCase.traceFixture);
  const traceFixture = fixtureDisplayPath(folder, evalCase.traceFixture, path);
  const sessionId = evalCase.sessionId;
  // A plain name can only be a link in its last part, which O_NOFOLLOW catches for free; any
  // other name is resolved first. A link is followed only when it stays in the fixtures folder.
  const plain = isPlainName(evalCase.traceFixture);
  let read = plain ? readJsonFile(path, MAX_FIXTURE_BYTES, { noFollow: true }) : null;
  if (read === null || (!read.ok && read.stage === 'read' && read.read.link === true)) {
    const confined = confinedPath(folder, path);
    if (confined.kind === 'missing') return notFound(traceFixture, sessionId);
    if (confined.kind === 'problem')
      return unparsable(`cannot read ${traceFixture} (${confined.problem})`, traceFixture, sessionId);
    if (confined.kind === 'outside') {
      return unparsable(
        `${traceFixture} leads outside the fixtures folder (through a symbolic link); expected a file inside it`,
        traceFixture,
        sessionId,
      );
    }
    read = readJsonFile(confined.path, MAX_FIXTURE_BYTES);
  }
  if (!read.ok) {
    if (read.stage === 'decode') return unparsable(`${traceFixture}: ${read.problem}`, traceFixture, sessionId);
    if (read.stage === 'parse') return unparsable(`${traceFixture}: ${read.parsed.problem}`, traceFixture, sessionId);
    const failed = read.read;
    if (failed.missing) return notFound(traceFixture, sessionId);
    if (failed.notRegular !== undefined)
      return unparsable(`${traceFixture} is ${failed.notRegular}, expected a JSON file`, traceFixture, sessionId);
    if (failed.tooLarge !== undefined)
      return unparsable(`${traceFixture} ${failed.problem} for one trace`, traceFixture, sessionId);
    return unparsable(`${traceFixture}: ${failed.problem}`, traceFixture, sessionId);
  }
  if (size !== null) size.bytes += read.bytes.length;
  return { kind: 'document', document: read.value, traceFixture, sessionId };
}

function notFound(traceFixture: string, sessionId: string | null): TraceRunInput {
  return {
    kind: 'not_run',
    reason: `fixture not found: expected a trace file at ${traceFixture}`,
    traceFixture,
    sessionId,
  };
}

type Confined =
  | { kind: 'inside'; path: string }
  | { kind: 'outside' }
  | { kind: 'missing' }
  | { kind: 'problem'; problem: string };

/** The fixture's real path when it lies inside the fixtures folder's real path. */
function confinedPath(folder: FixtureFolder, path: string): Confined {
  let real: string;
  try {
    real = realpathSync.native(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    return { kind: 'problem', problem: describeFsError(error) };
  }
  const inside = relative(folder.realPath(), real);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside))
    return { kind: 'outside' };
  return { kind: 'inside', path: real };
}

/**
 * displayPath(path, cwd) for path = join(folder, traceFixture), without resolving a path per
 * case: when the folder lies in the working directory (shown without `..`) and the fixture name
 * is a plain relative path (no `.`, `..` or empty segments), it is the folder as shown, then the
 * name. Anything else goes through displayPath.
 */
function fixtureDisplayPath(folder: FixtureFolder, traceFixture: string, path: string): string {
  const { shown, cwd } = folder;
  if (shown === null || UNPLAIN_SEGMENT.test(traceFixture)) return displayPath(path, cwd);
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
 * The orphan scan looks at this many folder entries at most, this many folders deep, and this
 * many orphans are listed: `--fixtures /` must not walk the whole disk or print a line per file.
 */
export const ORPHAN_SCAN_LIMITS = { entries: 100_000, depth: 16, listed: 100 } as const;

/**
 * The warning lines for orphan fixtures, at most ORPHAN_SCAN_LIMITS.listed of them and a count of
 * the rest. `runFiles` are the folder's repeated runs (run-files.ts): they belong to their case.
 */
export function orphanFixtureWarnings(
  fixturesDir: string,
  cases: CaseSequence,
  cwd: string,
  runFiles: RunFiles,
): string[] {
  const scan = scanOrphanFixtures(fixturesDir, cases, runFiles);
  const lines = scan.orphans
    .slice(0, ORPHAN_SCAN_LIMITS.listed)
    .map((path) => `orphan fixture (matches no case, ignored): ${displayPath(path, cwd)}`);
  const unlisted = scan.orphans.length - ORPHAN_SCAN_LIMITS.listed;
  if (unlisted > 0) lines.push(`${unlisted} more orphan fixtures (matching no case) are not listed`);
  if (!scan.complete) {
    lines.push(
      `the search for orphan fixtures stopped after ${ORPHAN_SCAN_LIMITS.entries} entries or ${ORPHAN_SCAN_LIMITS.depth} folder levels of ${displayPath(fixturesDir, cwd)}; is it the fixtures folder?`,
    );
  }
  return lines;
}

/** JSON files in the fixtures folder (and below) that no case refers to: usually a renamed case or a typo. */
function scanOrphanFixtures(
  fixturesDir: string,
  cases: CaseSequence,
  runFiles: RunFiles,
): { orphans: string[]; complete: boolean } {
  // Most cases name a file directly in the folder (`<id>.json`): those are matched by name,
  // without building a path per case and per file; any other name is matched by its full path.
  const referencedNames = new Set<string>();
  const referencedPaths = new Set<string>();
  for (const name of cases.traceFixtures ?? fixtureNames(cases)) {
    if (isPlainName(name)) referencedNames.add(name);
    else referencedPaths.add(join(fixturesDir, name));
  }
  const orphans: string[] = [];
  const budget = { entries: ORPHAN_SCAN_LIMITS.entries, complete: true };
  collectOrphans(fixturesDir, 0, referencedNames, referencedPaths, orphans, budget);
  // Run files of a case (`<name>.run<i>.json`) are its repeated runs, not orphans.
  const unclaimed = orphans.filter((path) => !runFiles.isRunFile(path));
  // Code-unit order, not locale order: the list must not depend on the machine's locale.
  const sorted = unclaimed
    .map((path) => ({ path, key: toPosix(relative(fixturesDir, path)) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ path }) => path);
  return { orphans: sorted, complete: budget.complete };
}

function* fixtureNames(cases: Iterable<EvalCase>): Generator<string, void, undefined> {
  for (const evalCase of cases) yield evalCase.traceFixture;
}

/** A file name with no separator that join() would keep as it is: join(folder, name) is folder + sep + name. */
function isPlainName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !name.includes('/') && !name.includes('\\');
}

function collectOrphans(
  folder: string,
  depth: number,
  referencedNames: ReadonlySet<string>,
  referencedPaths: ReadonlySet<string>,
  orphans: string[],
  budget: { entries: number; complete: boolean },
): void {
  if (depth > ORPHAN_SCAN_LIMITS.depth || budget.entries <= 0) {
    budget.complete = false;
    return;
  }
  const top = depth === 0;
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return;
  }
  budget.entries -= entries.length;
  if (budget.entries < 0) budget.complete = false;
  for (const entry of entries) {
    const name = entry.name;
    if (entry.isDirectory()) {
      collectOrphans(join(folder, name), depth + 1, referencedNames, referencedPaths, orphans, budget);
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
