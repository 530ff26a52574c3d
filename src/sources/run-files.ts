import { readdirSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import type { CaseSequence } from '../cases/case-sequence.js';

/**
 * Repeated runs in a fixtures folder (docs/contract.md §8, S75): what `run --record DIR --repeat K`
 * writes for run i of a case is `<name>.run<i>.json` beside where its fixture `<name>.json` would
 * be. A folder holding such files for a case is evaluated as K runs of it, exactly as the live run
 * was judged; K is the highest run number found in the folder, and a run whose file is missing
 * (a gap, or a case recorded fewer times) is a run without a trace. A case with only its plain
 * fixture is one run.
 */
export interface RunFiles {
  /** The highest run number in the folder, or null when it holds no run file: then nothing is repeated. */
  readonly repeat: number | null;
  /** The fixture names of the K runs of a case (run i at index i − 1), or null when it has none. */
  runNamesOf(traceFixture: string): string[] | null;
  /** Whether a path (fixtures folder joined with a name) is a run file of some case, not an orphan. */
  isRunFile(path: string): boolean;
  /** Run files whose number is not a whole number from 1 to MAX_RUN_NUMBER: each names the file, what was found and what was expected. */
  readonly badNumbers: readonly string[];
  /** Cases whose runs are not all in the folder: "runs 4, 7 of 10 are missing (x.run4.json, …)". */
  gapsOf(traceFixture: string): string | null;
}

/** The most runs of one case, as `--repeat` allows. */
const MAX_RUN_NUMBER = 1000;

/** `<base>.run<index>.json`; `index` is everything between `.run` and `.json` without a dot. */
const RUN_FILE = /^(.+)\.run([^./\\]*)\.json$/u;
const RUN_NUMBER = /^[1-9][0-9]*$/u;

/**
 * Looks for the run files of every case in the folders their fixtures are in, reading each such
 * folder once (a name with folders, `sub/x.json`, has its runs in `sub/`).
 */
export function discoverRunFiles(fixturesDir: string, cases: CaseSequence): RunFiles {
  const referenced = new Set(cases.traceFixtures ?? Array.from(cases, (evalCase) => evalCase.traceFixture));
  /** folder path → base name in that folder → run numbers found, and names with a bad number. */
  const folders = new Map<string, Map<string, FoundRuns>>();
  const badNumbers: string[] = [];
  const runsByFixture = new Map<string, number[]>();
  const runFilePaths = new Set<string>();
  let repeat: number | null = null;
  for (const fixture of referenced) {
    const { folder, base } = locate(fixturesDir, fixture);
    if (!folders.has(folder)) folders.set(folder, readRunNumbers(folder, fixture, referenced));
    const found = folders.get(folder)?.get(base);
    if (found === undefined) continue;
    // Reported once per folder and base, however many cases share the fixture.
    badNumbers.push(...found.bad.splice(0));
    if (found.numbers.length === 0) continue;
    const numbers = found.numbers.sort((a, b) => a - b);
    runsByFixture.set(fixture, numbers);
    for (const number of numbers) runFilePaths.add(join(fixturesDir, runName(fixture, number)));
    repeat = Math.max(repeat ?? 0, numbers[numbers.length - 1] as number);
  }
  return {
    repeat,
    runNamesOf(traceFixture) {
      if (repeat === null || !runsByFixture.has(traceFixture)) return null;
      return Array.from({ length: repeat }, (_, index) => runName(traceFixture, index + 1));
    },
    isRunFile: (path) => runFilePaths.has(path),
    badNumbers: badNumbers.sort(),
    gapsOf(traceFixture) {
      const numbers = runsByFixture.get(traceFixture);
      if (numbers === undefined || repeat === null) return null;
      const present = new Set(numbers);
      const missing: number[] = [];
      for (let run = 1; run <= repeat; run += 1) if (!present.has(run)) missing.push(run);
      if (missing.length === 0) return null;
      const shown = missing.slice(0, 5).map((run) => runName(traceFixture, run));
      const more = missing.length > shown.length ? `, and ${missing.length - shown.length} more` : '';
      return `${missing.length === 1 ? 'run' : 'runs'} ${missing.join(', ')} of ${repeat} ${missing.length === 1 ? 'is' : 'are'} missing (found ${numbers.length} run files; expected ${shown.join(', ')}${more})`;
    },
  };
}

/** The fixture name of run `run` of a case: `<fixture less .json>.run<run>.json`, as `--record` writes it. */
export function runName(traceFixture: string, run: number): string {
  return `${traceFixture.replace(/\.json$/u, '')}.run${run}.json`;
}

function locate(fixturesDir: string, fixture: string): { folder: string; base: string } {
  const stem = fixture.replace(/\.json$/u, '');
  const slash = Math.max(stem.lastIndexOf('/'), stem.lastIndexOf('\\'));
  return slash === -1
    ? { folder: fixturesDir, base: stem }
    : { folder: dirname(join(fixturesDir, stem)), base: stem.slice(slash + 1) };
}

interface FoundRuns {
  numbers: number[];
  bad: string[];
}

/**
 * The run numbers in one folder, by base name. A name that looks like a run file but whose
 * number is not a whole number from 1 is a problem, unless it is itself some case's fixture.
 */
function readRunNumbers(folder: string, fixture: string, referenced: ReadonlySet<string>): Map<string, FoundRuns> {
  const bases = new Map<string, FoundRuns>();
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    // A missing or unreadable folder is reported per case when its fixture is read.
    return bases;
  }
  const prefix = fixture.includes('/') ? posix.dirname(fixture.replace(/\\/gu, '/')) : '';
  for (const name of names) {
    const match = RUN_FILE.exec(name);
    if (match === null) continue;
    const [, base = '', index = ''] = match;
    const shown = prefix === '' ? name : `${prefix}/${name}`;
    let found = bases.get(base);
    if (found === undefined) bases.set(base, (found = { numbers: [], bad: [] }));
    if (RUN_NUMBER.test(index) && Number(index) <= MAX_RUN_NUMBER) found.numbers.push(Number(index));
    else if (!referenced.has(shown))
      found.bad.push(
        `${shown}: found run number ${JSON.stringify(index)}; expected a whole number from 1 to ${MAX_RUN_NUMBER} (<name>.run1.json … <name>.runK.json)`,
      );
  }
  return bases;
}
