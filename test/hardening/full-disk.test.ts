import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt } from '../helpers/build.js';
import { copyBundledEval } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { type CliRun, runCli, STACK_FRAME } from './cli-process.js';

const tempDir = useTempDirs();

/** A small tmpfs of its own, mounted for these tests when the system lets us (root); else null. */
let disk: string | null = null;
/** Why there is no tmpfs: the tests that need one are skipped with it, so the summary counts them as skipped. */
let noDisk = '';

beforeAll(() => {
  ensureBuilt();
  if (process.getuid?.() !== 0) {
    noDisk = 'no tmpfs to fill: mounting one needs root';
    return;
  }
  const folder = mkdtempSync(join(tmpdir(), 'diag-eval-disk-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', folder], { encoding: 'utf8' });
  if (mounted.status === 0) disk = folder;
  else {
    rmSync(folder, { recursive: true, force: true });
    const cause = (mounted.stderr ?? '').trim() || mounted.error?.message || `exit ${mounted.status}`;
    noDisk = `no tmpfs to fill: mount -t tmpfs failed (${cause})`;
  }
});

afterAll(() => {
  if (disk !== null) spawnSync('umount', [disk]);
  if (disk !== null) rmSync(disk, { recursive: true, force: true });
});

/** Fills the tmpfs but for `freeKb`. */
function fillDisk(freeKb: number): string {
  if (disk === null) throw new Error('no tmpfs');
  for (const entry of readdirSync(disk)) execFileSync('rm', ['-rf', join(disk, entry)]);
  const total = Number(execFileSync('df', ['--output=avail', '-k', disk], { encoding: 'utf8' }).split('\n')[1]);
  execFileSync('dd', ['if=/dev/zero', `of=${join(disk, 'fill')}`, 'bs=1k', `count=${total - freeKb}`], {
    stdio: 'ignore',
  });
  return disk;
}

/** The bundled suite with `count` cases (each on a bundled fixture): 1000 or more read on the reader thread. */
function manyCases(count: number): string {
  const cwd = tempDir();
  copyBundledEval(cwd);
  const lines = ['version: 1', 'cases:'];
  for (let index = 0; index < count; index += 1) {
    lines.push(
      `  - id: case-${index}`,
      '    question: Why do payment requests time out?',
      '    rootCauseKeywords: [connection pool]',
      '    requiredEvidenceTools: []',
      '    allowedVerdicts: [PASS, REJECT]',
      '    traceFixture: payment-timeout-db-pool.json',
    );
  }
  writeFileSync(join(cwd, 'eval', 'many.yaml'), `${lines.join('\n')}\n`);
  return cwd;
}

function expectCleanWriteError(run: CliRun): void {
  expect(run.signal, 'the command hung and was killed').toBeNull();
  expect(run.code, run.stderr).toBe(2);
  expect(run.stderr).toMatch(/^error: .+: cannot write \(no space left on the device\)/mu);
  expect(run.stderr).not.toMatch(STACK_FRAME);
  expect(run.stderr).not.toContain('internal error');
}

describe('a full disk or an odd output is a clean exit 2, never a hang or a stack', () => {
  it('run and baseline of 1,200 cases on a full disk end with exit 2 naming the file, leaving no temporary file', ({
    skip,
  }) => {
    skip(disk === null, noDisk);
    const cwd = manyCases(1200);
    for (const args of [
      ['run', '--cases', 'eval/many.yaml', '--fixtures', 'eval/fixtures', '--out'],
      ['baseline', '--cases', 'eval/many.yaml', '--fixtures', 'eval/fixtures', '--baseline-dir'],
    ]) {
      const full = fillDisk(24);
      const run = runCli([...args, join(full, 'out')], cwd, { timeoutMs: 30_000 });
      expectCleanWriteError(run);
      expect(readdirSync(join(full, 'out'))).toEqual([]);
    }
  });

  it('a step summary on a full disk is exit 2 naming it', ({ skip }) => {
    skip(disk === null, noDisk);
    const cwd = tempDir();
    copyBundledEval(cwd);
    const full = fillDisk(0);
    const run = runCli(['run', '--out', 'out'], cwd, {
      env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: join(full, 'fill') },
    });
    expectCleanWriteError(run);
  });

  it('a GITHUB_STEP_SUMMARY that is a named pipe or a device is not written: a warning, and the run ends as usual', () => {
    const cwd = tempDir();
    copyBundledEval(cwd);
    execFileSync('mkfifo', [join(cwd, 'summary.fifo')]);
    for (const summary of [join(cwd, 'summary.fifo'), '/dev/full']) {
      const run = runCli(['run', '--out', 'out'], cwd, {
        env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary },
        timeoutMs: 15_000,
      });
      expect(run.signal, 'the command hung and was killed').toBeNull();
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain(
        'warning: GITHUB_STEP_SUMMARY is not a regular file; the step summary was not written',
      );
    }
  });

  it('stdout on a full device is exit 2 with one line on stderr', () => {
    const cwd = tempDir();
    copyBundledEval(cwd);
    const run = spawnSync('sh', ['-c', `"${process.execPath}" "$0" run --out out > /dev/full`, BIN], {
      cwd,
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(run.status, run.stderr).toBe(2);
    expect(run.stderr).toBe(
      'error: stdout: cannot write (no space left on the device); expected an open pipe or file\n',
    );
  });
});
