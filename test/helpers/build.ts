import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './project.js';

/** The built command, as package.json's `bin` names it. */
export const BIN = join(REPO_ROOT, 'dist', 'cli', 'bin.cjs');
/** What bin.cjs runs: the CLI bundled into one script, made last by the build. */
const PROGRAM = join(REPO_ROOT, 'dist', 'cli', 'program.cjs');

/**
 * Builds dist/ as `npm run build` does, for the tests that spawn the binary: generates the check
 * registry (scripts/check-registry.mjs), compiles src/ (tsconfig.build.json), then bundles the CLI into dist/cli/program.cjs, with its code cache (scripts/bundle-cli.mjs).
 * tsc writes its output even when it reports type errors; those are the type-check's business
 * (`npm run typecheck`), so they are passed on as a warning. The bundle must build.
 */
export function buildDist(): void {
  // The check registry first: tsc and the bundle compile the files it generates from src/checks/.
  try {
    execFileSync(process.execPath, [join(REPO_ROOT, 'scripts', 'check-registry.mjs')], {
      cwd: REPO_ROOT,
      stdio: 'pipe',
    });
  } catch (error) {
    const output = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    throw new Error(`the check registry (scripts/check-registry.mjs) was not generated:\n${output}`);
  }
  const tsc = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: REPO_ROOT, stdio: 'pipe' });
  } catch (error) {
    const output = (error as { stdout?: Buffer }).stdout?.toString() ?? String(error);
    process.stderr.write(`warning: tsc reported errors while building dist/ for the CLI tests:\n${output}\n`);
  }
  try {
    execFileSync(process.execPath, [join(REPO_ROOT, 'scripts', 'bundle-cli.mjs')], { cwd: REPO_ROOT, stdio: 'pipe' });
  } catch (error) {
    const output = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    throw new Error(`the CLI bundle (scripts/bundle-cli.mjs) did not build ${PROGRAM}:\n${output}`);
  }
}

/** Builds unless dist/ is newer than every source file (for runs where the global setup is not in use). */
export function ensureBuilt(): void {
  if (!existsSync(PROGRAM) || newestSourceChange(join(REPO_ROOT, 'src')) > statSync(PROGRAM).mtimeMs) buildDist();
}

function newestSourceChange(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}
