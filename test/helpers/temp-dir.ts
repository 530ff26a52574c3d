import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

const created: string[] = [];

/**
 * A fresh folder under the system's temporary folder. Its real path is returned, so paths the
 * harness prints relative to it do not depend on a symlinked tmp (macOS `/var` → `/private/var`).
 */
export function makeTempDir(prefix = 'diag-eval-test-'): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  created.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Call at the top of a test file: every folder made by the returned function is removed after each test. */
export function useTempDirs(): (prefix?: string) => string {
  afterEach(removeTempDirs);
  return makeTempDir;
}
