import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './project.js';

/** The built command, as package.json's `bin` names it. */
export const BIN = join(REPO_ROOT, 'dist', 'cli', 'bin.js');

/**
 * Compiles src/ into dist/ (tsconfig.build.json), for the tests that spawn the binary.
 * tsc writes its output even when it reports type errors; those are the type-check's business
 * (`npm run typecheck`), so they are passed on as a warning, and only a missing binary fails.
 */
export function buildDist(): void {
  const tsc = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: REPO_ROOT, stdio: 'pipe' });
  } catch (error) {
    const output = (error as { stdout?: Buffer }).stdout?.toString() ?? String(error);
    if (!existsSync(BIN)) throw new Error(`the build did not produce ${BIN}:\n${output}`);
    process.stderr.write(`warning: tsc reported errors while building dist/ for the CLI tests:\n${output}\n`);
  }
}

/** Builds unless dist/ is newer than every source file (for runs where the global setup is not in use). */
export function ensureBuilt(): void {
  if (!existsSync(BIN) || newestSourceChange(join(REPO_ROOT, 'src')) > statSync(BIN).mtimeMs) buildDist();
}

function newestSourceChange(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}
