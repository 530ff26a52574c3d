import { realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { InputError } from '../io/errors.js';
import { displayPath } from '../io/files/display-path.js';
import { upwards } from '../io/files/upwards.js';

/**
 * The checks on an output folder made before any work is done, so that a run that cannot write
 * its result fails at once (exit 2) instead of after evaluating every case:
 * - a file (or a device, /dev/null) where the folder or one of its parents should be;
 * - for `run` and `check`, the folder holding the baseline report (`--out docs/eval/baseline`, or a
 *   config's `out` equal to its `baselineDir`): writing there would replace the committed baseline
 *   with the run under test, and the next `check` would find no regression.
 */
export function checkOutputFolder(
  command: string,
  flag: string,
  folder: string,
  cwd: string,
  baselineReport: string | null,
): void {
  const shown = displayPath(folder, cwd);
  const blocker = firstNonFolder(folder);
  if (blocker !== null) {
    const where = blocker === resolve(folder) ? 'it is' : `${displayPath(blocker, cwd)} is`;
    throw new InputError(
      `diag-eval ${command}: ${flag} ${shown}: ${where} not a folder; expected a folder to write into`,
    );
  }
  if (baselineReport !== null && realLocation(folder) === realLocation(dirname(baselineReport))) {
    throw new InputError(
      `diag-eval ${command}: ${flag} ${shown}: it is the folder of the baseline (${displayPath(baselineReport, cwd)}); ` +
        `expected another folder, so that the committed baseline is not overwritten (use \`diag-eval baseline\` to update it)`,
    );
  }
}

/** The first existing path on the way up from `folder` that is not a folder, or null. */
function firstNonFolder(folder: string): string | null {
  for (const current of upwards(folder)) {
    let isFolder: boolean | null = null;
    try {
      isFolder = statSync(current).isDirectory();
    } catch {
      // Missing (or unreadable): it will be made, or the write will say why not.
    }
    if (isFolder !== null) return isFolder ? null : current;
  }
  return null;
}

/** The real path of the deepest existing part, joined with the rest as written: two paths name the same folder, whether or not it exists yet, when these are equal. */
function realLocation(path: string): string {
  for (const current of upwards(path)) {
    try {
      return join(realpathSync.native(current), relative(current, resolve(path)));
    } catch {
      // Not there (yet): its parent, then.
    }
  }
  return resolve(path);
}
