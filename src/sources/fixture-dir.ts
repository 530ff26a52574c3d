// Buys: reading a stretch of fixtures ahead of their judging (readAhead) is half of what makes a fixtures run about a fifth faster (CHANGELOG.md).
import { type Dirent, readdirSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { CaseSequence } from '../cases/case-sequence.js';
import type { EvalCase } from '../cases/types.js';
import { InputError } from '../io/errors.js';
import { displayPath } from '../io/files/display-path.js';
import { describeFsError } from '../io/files/fs-problem.js';
import { MAX_FIXTURE_BYTES } from '../io/files/input-limits.js';
import { liesInside } from '../io/files/lies-inside.js';
import { type JsonFileRead, readJsonFile } from '../io/json/read-json-file.js';
import { compareText } from '../model/text-order.js';
import { sessionIdOf } from '../trace/envelope.js';
import { discoverRunFiles, type RunFiles, runName } from './run-files.js';
import type { TraceRunInput, TraceSource } from './types.js';

/**
 * Traces saved as JSON files in a folder, one per case (S10): `<fixtures>/<traceFixture>`;
 * `repeat` is K when the folder holds repeated runs (run-files.ts), else null.
 * Reads are synchronous on purpose: for thousands of small files in a CLI run they are
 * cheaper than the thread-pool round trips of async reads, and nothing else waits meanwhile.
 */
export function createFixtureDirSource(
  fixturesDir: string,
  cases: CaseSequence,
  cwd: string,
): TraceSource & { readonly repeat: number | null } {
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
  runFiles: RunFiles,
  size?: { bytes: number },
): TraceRunInput[] {
  const names = runFiles.runNamesOf(evalCase.traceFixture);
  if (names === null) {
    const input = readFixture(folder, evalCase, size);
    if (input.kind !== 'not_run' || runFiles.repeat === null) return [input];
    // A case none of whose K runs produced a trace is K runs without one, as the live run counted
    // it; `--record` wrote nothing for it, so its runs and the suite's run pass rate stay the same.
    return missingRuns(folder, evalCase, runFiles.repeat);
  }
  return names.map((traceFixture) => {
    const input = readFixture(folder, { ...evalCase, traceFixture }, size);
    return input.kind === 'document'
      ? { ...input, sessionId: sessionIdOf(input.document) ?? evalCase.sessionId }
      : input;
  });
}

/**
 * The K runs without a trace of a case that has neither run files nor its plain fixture in a
 * folder of repeated runs: each names the run file it expected, and the plain fixture.
 */
function missingRuns(folder: FixtureFolder, evalCase: EvalCase, repeat: number): TraceRunInput[] {
  const plain = evalCase.traceFixture;
  const plainFixture = fixtureDisplayPath(folder, plain, join(folder.path, plain));
  return Array.from({ length: repeat }, (_, index): TraceRunInput => {
    const name = runName(evalCase.traceFixture, index + 1);
    const traceFixture = fixtureDisplayPath(folder, name, join(folder.path, name));
    return {
      kind: 'not_run',
      reason: `fixture not found: expected a trace file at ${traceFixture} or, for one run, at ${plainFixture}`,
      traceFixture,
      sessionId: evalCase.sessionId,
    };
  });
}

/**
 * How many bytes of fixtures are read ahead of their evaluation (TraceSource.readAhead): a stretch
 * of traces of the usual size (a few to a few dozen KB each); at most one fixture's limit beyond.
 */
const READ_AHEAD_BYTES = 2 * 1024 * 1024;

/** The traces of the first cases of `ahead`, read here, until READ_AHEAD_BYTES are read (at least one). */
function readStretch(folder: FixtureFolder, ahead: readonly EvalCase[], runFiles: RunFiles): TraceRunInput[][] {
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
  /**
   * The folder as displayPath shows it when it lies in the working directory (shown without `..`),
   * else null: then each fixture's path goes through displayPath.
   */
  readonly shown: string | null;
  realPath(): string;
}

export function fixtureFolder(fixturesDir: string, cwd: string): FixtureFolder {
  let real: string | undefined;
  // A relative cwd would be resolved against process.cwd(), which may change between calls.
  const shown = sep === '/' && isAbsolute(cwd) ? displayPath(fixturesDir, cwd) : null;
  return {
    path: fixturesDir,
    cwd,
    shown: shown === null || shown === '..' || shown.startsWith('../') || shown.startsWith('/') ? null : shown,
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
export function readFixture(folder: FixtureFolder, evalCase: EvalCase, size?: { bytes: number }): TraceRunInput {
  const path = join(folder.path, evalCase.traceFixture);
  const traceFixture = fixtureDisplayPath(folder, evalCase.traceFixture, path);
  const sessionId = evalCase.sessionId;
  // A plain name can only be a link in its last part, which O_NOFOLLOW catches for free; any
  // other name is resolved first. A link is followed only when it stays in the fixtures folder.
  let read = isPlainName(evalCase.traceFixture) ? readJsonFile(path, MAX_FIXTURE_BYTES, { noFollow: true }) : null;
  if (read === null || (!read.ok && read.stage === 'read' && read.read.link === true)) {
    const confined = confinedPath(folder, path, traceFixture);
    if (typeof confined !== 'string') return unreadable(confined.problem, traceFixture, sessionId);
    read = readJsonFile(confined, MAX_FIXTURE_BYTES);
  }
  if (!read.ok) return unreadable(readProblem(read, traceFixture), traceFixture, sessionId);
  if (size !== undefined) size.bytes += read.bytes.length;
  return { kind: 'document', document: read.value, traceFixture, sessionId };
}

/** A fixture that could not be read: a missing one (`problem` null) is not run, any other fails trace-loadable. */
function unreadable(problem: string | null, traceFixture: string, sessionId: string | null): TraceRunInput {
  return problem === null
    ? {
        kind: 'not_run',
        reason: `fixture not found: expected a trace file at ${traceFixture}`,
        traceFixture,
        sessionId,
      }
    : { kind: 'unparsable', problem, traceFixture, sessionId };
}

/** What stopped the read of a fixture shown as `traceFixture`, or null when the file is missing. */
function readProblem(read: Extract<JsonFileRead, { ok: false }>, traceFixture: string): string | null {
  if (read.stage === 'decode') return `${traceFixture}: ${read.problem}`;
  if (read.stage === 'parse') return `${traceFixture}: ${read.parsed.problem}`;
  const failed = read.read;
  if (failed.missing) return null;
  if (failed.notRegular !== undefined) return `${traceFixture} is ${failed.notRegular}, expected a JSON file`;
  if (failed.tooLarge !== undefined) return `${traceFixture} ${failed.problem} for one trace`;
  return `${traceFixture}: ${failed.problem}`;
}

/** The fixture's real path when it lies inside the fixtures folder's real path, else why not (null: it is missing). */
function confinedPath(folder: FixtureFolder, path: string, traceFixture: string): string | { problem: string | null } {
  let real: string;
  try {
    real = realpathSync.native(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { problem: null };
    return { problem: `cannot read ${traceFixture} (${describeFsError(error)})` };
  }
  if (!liesInside(folder.realPath(), real)) {
    return {
      problem: `${traceFixture} leads outside the fixtures folder (through a symbolic link); expected a file inside it`,
    };
  }
  return real;
}

/**
 * displayPath(path, cwd) for path = join(folder, traceFixture), without resolving a path per
 * case: when the folder is shown as it is (FixtureFolder.shown) and the fixture name is a plain
 * relative path (no `.`, `..` or empty segments), it is the folder as shown, then the name.
 * Anything else goes through displayPath.
 */
function fixtureDisplayPath({ shown, cwd }: FixtureFolder, traceFixture: string, path: string): string {
  if (shown === null || UNPLAIN_SEGMENT.test(traceFixture)) return displayPath(path, cwd);
  return shown === '.' ? traceFixture : `${shown}/${traceFixture}`;
}

/** An empty, `.` or `..` segment, which includes a leading or trailing `/`. */
const UNPLAIN_SEGMENT = /(?:^|\/)\.{0,2}(?:\/|$)/u;

/**
 * The orphan scan looks at this many folder entries at most, this many folders deep, and this
 * many orphans are listed: `--fixtures /` must not walk the whole disk or print a line per file.
 */
const ORPHAN_SCAN_LIMITS = { entries: 100_000, depth: 16, listed: 100 } as const;

/**
 * The warning lines for orphan fixtures, JSON files in the fixtures folder (and below) that no case
 * refers to (usually a renamed case or a typo): at most ORPHAN_SCAN_LIMITS.listed of them and a count
 * of the rest. `runFiles` are the folder's repeated runs (run-files.ts): they belong to their case,
 * and a case's plain fixture beside them is not evaluated, which is said too.
 */
export function orphanFixtureWarnings(
  fixturesDir: string,
  cases: CaseSequence,
  cwd: string,
  runFiles: RunFiles,
): string[] {
  // Most cases name a file directly in the folder (`<id>.json`): those are matched by name,
  // without building a path per case and per file; any other name is matched by its full path.
  const referencedNames = new Set<string>();
  const referencedPaths = new Set<string>();
  /** Plain fixtures of cases that have run files: the runs are evaluated, not these (S75). */
  const displaced = new Set<string>();
  for (const name of cases.traceFixtures ?? Array.from(cases, (evalCase) => evalCase.traceFixture)) {
    if (isPlainName(name)) referencedNames.add(name);
    else referencedPaths.add(join(fixturesDir, name));
    if (runFiles.runNamesOf(name) !== null && statSync(join(fixturesDir, name), { throwIfNoEntry: false })?.isFile())
      displaced.add(join(fixturesDir, name));
  }
  const orphans: { path: string; key: string }[] = [];
  let entriesLeft: number = ORPHAN_SCAN_LIMITS.entries;
  let complete = true;
  const collect = (folder: string, depth: number): void => {
    if (depth > ORPHAN_SCAN_LIMITS.depth || entriesLeft <= 0) {
      complete = false;
      return;
    }
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    entriesLeft -= entries.length;
    if (entriesLeft < 0) complete = false;
    for (const entry of entries) {
      const name = entry.name;
      if (entry.isDirectory()) {
        collect(join(folder, name), depth + 1);
        continue;
      }
      if (!entry.isFile() || !name.toLowerCase().endsWith('.json')) continue;
      // A case's own fixture, or the record `diag-eval pull` keeps beside the traces it pulled.
      if (depth === 0 && (referencedNames.has(name) || name === 'manifest.json')) continue;
      const path = join(folder, name);
      // Run files of a case (`<name>.run<i>.json`) are its repeated runs, not orphans.
      if (!referencedPaths.has(path) && !runFiles.isRunFile(path))
        orphans.push({ path, key: relative(fixturesDir, path).split(sep).join('/') });
    }
  };
  collect(fixturesDir, 0);
  orphans.sort((a, b) => compareText(a.key, b.key));
  const lines = orphans
    .slice(0, ORPHAN_SCAN_LIMITS.listed)
    .map(({ path }) => `orphan fixture (matches no case, ignored): ${displayPath(path, cwd)}`);
  const unlisted = orphans.length - ORPHAN_SCAN_LIMITS.listed;
  if (unlisted > 0) lines.push(`${unlisted} more orphan fixtures (matching no case) are not listed`);
  const displacedPaths = [...displaced].sort(compareText);
  for (const path of displacedPaths.slice(0, ORPHAN_SCAN_LIMITS.listed))
    lines.push(
      `fixture ignored (its case has run files, <name>.run<i>.json, which are evaluated instead): ${displayPath(path, cwd)}`,
    );
  if (displacedPaths.length > ORPHAN_SCAN_LIMITS.listed)
    lines.push(
      `${displacedPaths.length - ORPHAN_SCAN_LIMITS.listed} more fixtures ignored for their run files are not listed`,
    );
  if (!complete) {
    lines.push(
      `the search for orphan fixtures stopped after ${ORPHAN_SCAN_LIMITS.entries} entries or ${ORPHAN_SCAN_LIMITS.depth} folder levels of ${displayPath(fixturesDir, cwd)}; is it the fixtures folder?`,
    );
  }
  return lines;
}

/** A file name with no separator that join() would keep as it is: join(folder, name) is folder + sep + name. */
function isPlainName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !name.includes('/') && !name.includes('\\');
}
