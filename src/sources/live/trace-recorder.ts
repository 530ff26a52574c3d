import { isAbsolute, relative, resolve } from 'node:path';
import { writeFileAtomic } from '../../io/files/atomic-write.js';
import { displayPath } from '../../io/files/display-path.js';
import { runName } from '../run-files.js';

/**
 * `--record DIR` (docs/contract.md §8): each final trace is written under the case's fixture name, so that
 * `run --fixtures DIR` evaluates it as the live run was evaluated. With several runs per case,
 * run i goes to `<name>.run<i>.json`.
 */
export interface TraceRecorder {
  /** The file name a run is written under, relative to the record folder, with `/`. */
  fileName(traceFixture: string, run: number, runs: number): string;
  /** Writes the trace and returns the path to show: relative to the working directory, with `/`. */
  write(fileName: string, trace: unknown): Promise<string>;
}

export function createTraceRecorder(recordDir: string, cwd: string): TraceRecorder {
  const root = resolve(cwd, recordDir);
  return {
    fileName(traceFixture, run, runs) {
      return runs > 1 ? runName(traceFixture, run) : traceFixture;
    },
    async write(fileName, trace) {
      const path = resolve(root, fileName);
      const inside = relative(root, path);
      // The case loader keeps fixture names inside their folder; this guards the one place that writes.
      if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) {
        throw new Error(`the fixture name ${JSON.stringify(fileName)} leads outside ${displayPath(root, cwd)}`);
      }
      await writeFileAtomic(path, `${JSON.stringify(trace, null, 2)}\n`);
      return displayPath(path, cwd);
    },
  };
}
