import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt } from '../helpers/build.js';
import { writeFiles } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { buildTrace } from '../helpers/trace-builder.js';
import { runCli, STACK_FRAME } from './cli-process.js';

const tempDir = useTempDirs();
beforeAll(() => ensureBuilt());

/** `count` passing cases on one shared trace. */
function suite(count: number, trace: unknown = buildTrace()): string {
  const cwd = tempDir();
  const cases = Array.from({ length: count }, (_, index) => ({
    id: `case-${index}`,
    question: `Why is service ${index} slow?`,
    traceFixture: 'shared.json',
    rootCauseKeywords: [['connection pool', '连接池'], 'exhausted', 'batch'],
    requiredEvidenceTools: ['queryMetrics'],
    allowedVerdicts: ['PASS'],
  }));
  writeFiles(cwd, { 'cases.json': JSON.stringify({ version: 1, cases }), 'fixtures/shared.json': trace });
  return cwd;
}

/** Every file under `folder` whose name is a temporary one. */
function temporaryFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => name.includes('.tmp-'));
}

describe('mutate writes only inside its folders, survives hostile traces and stops on a signal', () => {
  it('mutate --keep-mutants refuses to write through a symbolic link planted in its folder (exit 2), writing nothing outside', () => {
    const cwd = suite(1);
    mkdirSync(join(cwd, 'kept'));
    mkdirSync(join(cwd, 'outside'));
    symlinkSync(join(cwd, 'outside'), join(cwd, 'kept', 'case-0'));
    const run = runCli(['mutate', '--cases', 'cases.json', '--fixtures', 'fixtures', '--keep-mutants', 'kept'], cwd);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain('kept/case-0 is a symbolic link or a file');
    expect(run.stderr).not.toMatch(STACK_FRAME);
    expect(readdirSync(join(cwd, 'outside'))).toEqual([]);
  });

  it('a trace nested 20,000 levels deep is a skipped case of mutate, not a crash', () => {
    const nested = `${'['.repeat(20_000)}1${']'.repeat(20_000)}`;
    const trace = JSON.stringify(buildTrace()).replace('{"service":"payment"}', `{"deep":${nested}}`);
    expect(trace).toContain(nested);
    const cwd = suite(1, trace);
    const run = runCli(['mutate', '--cases', 'cases.json', '--fixtures', 'fixtures', '--out', 'out'], cwd);
    expect(run.stderr).not.toContain('internal error');
    expect(run.stderr).not.toMatch(STACK_FRAME);
    expect([0, 1]).toContain(run.code);
    expect(run.stdout).toContain('skipped (not passing today): case-0');
  });

  it.each(['SIGINT', 'SIGTERM'] as const)(
    '%s stops mutate --keep-mutants within a second and leaves no temporary file',
    async (signal) => {
      const cwd = suite(400);
      const child = spawn(
        process.execPath,
        [BIN, 'mutate', '--cases', 'cases.json', '--fixtures', 'fixtures', '--keep-mutants', 'kept', '--quiet'],
        { cwd, env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1' }, stdio: 'ignore' },
      );
      const ended = new Promise<{ signal: NodeJS.Signals | null; at: number }>((resolve) =>
        child.on('close', (_, endSignal) => resolve({ signal: endSignal, at: Date.now() })),
      );
      // Once mutants are being written, the signal.
      while (!existsSync(join(cwd, 'kept', 'case-3'))) await delay(5);
      const sent = Date.now();
      child.kill(signal);
      const end = await ended;
      expect(end.signal).toBe(signal);
      expect(end.at - sent).toBeLessThan(1000);
      expect(temporaryFiles(join(cwd, 'kept'))).toEqual([]);
      expect(existsSync(join(cwd, 'kept', 'case-399'))).toBe(false);
    },
  );
});
