import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { copyBundledEvalWithBaseline, REPO_ROOT } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

async function cli(cwd: string, args: string[]) {
  const fake = createFakeIo({ cwd });
  const code = await main(args, fake.io);
  return { code, stdout: fake.stdout(), stderr: fake.stderr() };
}

/** A report of the worked example's baseline folder (10 runs of two cases), written into a temporary folder. */
async function repeatedBaseline(): Promise<string> {
  const root = tempDir();
  const run = await cli(REPO_ROOT, [
    'run',
    '--fixtures',
    'eval/examples/repeated/baseline',
    '--out',
    join(root, 'base'),
    '--quiet',
  ]);
  expect(run.code).toBe(1);
  return join(root, 'base', 'report.json');
}

describe('diag-eval plan (S78)', () => {
  it('S78 says per case how many runs would detect the drop, and whether the baseline K can', async () => {
    const report = await repeatedBaseline();
    const args = ['plan', '--baseline', report, '--detect', '0.3', '--alpha', '0.1', '--power', '0.9'];
    const plan = await cli(REPO_ROOT, args);
    expect(plan.code).toBe(0);
    const lines = plan.stdout.split('\n');
    expect(lines[0]).toBe(
      "diag-eval plan: runs per case to detect a drop of 0.3 (30 points) in a case's run pass rate (one-sided, α 0.1, power 90%)",
    );
    expect(lines).toContain(
      '  redis-eviction-cache-miss: 80% (8/10 runs): with K=10 a drop from 80% to 50% cannot be told from noise; K ≥ 38 can',
    );
    const big = await cli(REPO_ROOT, ['plan', '--baseline', report, '--detect', '0.9']);
    expect(big.stdout).toContain(
      '  payment-timeout-db-pool: 100% (10/10 runs): K=10 can tell a drop from 100% to 10% from noise (K ≥ 5 needed)',
    );
    expect(big.stdout).toContain('  redis-eviction-cache-miss: 80% (8/10 runs): cannot drop by 0.9 (90 points)');
    // A tiny α is a large K, not a crash; a drop too small for any K says so, and never NaN.
    const strict = await cli(REPO_ROOT, ['plan', '--baseline', report, '--detect', '0.3', '--alpha', '1e-20']);
    expect([strict.code, strict.stderr]).toEqual([0, '']);
    expect(strict.stdout).toMatch(/^every case: K ≥ \d+ runs per case/mu);
    const tiny = await cli(REPO_ROOT, ['plan', '--baseline', report, '--detect', '1e-300']);
    expect([tiny.code, tiny.stderr]).toEqual([0, '']);
    expect(tiny.stdout).toContain(
      '  redis-eviction-cache-miss: 80% (8/10 runs): with K=10 a drop from 80% to 80% cannot be told from noise; more than 1000 runs would be needed',
    );
    expect(tiny.stdout).not.toContain('NaN');
    expect(tiny.stdout.trimEnd().split('\n').at(-1)).toBe(
      'every case: more than 1000 runs per case, more than --repeat allows; a larger drop (--detect) needs fewer',
    );
    // --quiet keeps only the closing line, the runs every case needs.
    const quiet = await cli(REPO_ROOT, [...args, '--quiet']);
    expect(quiet.stdout.split('\n')).toEqual([lines.filter((line) => line !== '').at(-1), '']);
  });

  it.each([
    { args: ['--detect', '0.2'], message: 'found no --baseline; expected --baseline REPORT' },
    { args: ['--baseline', 'r.json'], message: 'found no --detect; expected --detect D, 0 < D < 1' },
    {
      args: ['--baseline', 'r.json', '--detect', '0'],
      message: '--detect: found "0", expected a number greater than 0 and less than 1',
    },
    {
      args: ['--baseline', 'r.json', '--detect', '1'],
      message: '--detect: found "1", expected a number greater than 0 and less than 1',
    },
    { args: ['--baseline', 'r.json', '--detect', 'a'], message: '--detect: found "a"' },
    {
      args: ['--baseline', 'r.json', '--detect', '0.2', '--alpha', '0.6'],
      message: '--alpha: found "0.6", expected a number greater than 0 and at most 0.5',
    },
    { args: ['--baseline', 'r.json', '--detect', '0.2', '--alpha', '0'], message: '--alpha: found "0"' },
    {
      args: ['--baseline', 'r.json', '--detect', '0.2', '--power', '1'],
      message: '--power: found "1", expected a number greater than 0 and less than 1',
    },
    {
      args: ['--baseline', 'r.json', '--detect', '-0.2'],
      message:
        'found --detect followed by an argument that starts with a dash; expected --detect VALUE, or --detect=VALUE for a value that starts with a dash',
    },
  ])('S78 $args is exit 2 naming what was found and expected', async ({ args, message }) => {
    const result = await cli(tempDir(), ['plan', ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it('S77 S78 a report whose cases have different numbers of runs is exit 2, naming the case, what was found and what was expected', async () => {
    const path = await repeatedBaseline();
    const report = JSON.parse(readFileSync(path, 'utf8')) as { cases: { caseId: string; runs: unknown[] }[] };
    const payment = report.cases.find((result) => result.caseId === 'payment-timeout-db-pool');
    payment?.runs.splice(7);
    writeFileSync(path, JSON.stringify(report, null, 2));
    const plan = await cli(REPO_ROOT, ['plan', '--baseline', path, '--detect', '0.2']);
    expect(plan.code).toBe(2);
    expect(plan.stderr).toContain(
      'found 7 runs of case "payment-timeout-db-pool"; expected 10 (summary.repeat) or 1, the same runs per case',
    );
    const diff = await cli(REPO_ROOT, ['diff', path, path, '--out', join(tempDir(), 'd')]);
    expect(diff.code).toBe(2);
    expect(diff.stderr).toContain('cases[0].runs');
  });

  it('S77 check --alpha outside (0, 0.5] is exit 2 before anything is run', async () => {
    const root = tempDir();
    copyBundledEvalWithBaseline(root);
    const check = await cli(root, ['check', '--alpha', '0.75']);
    expect(check.code).toBe(2);
    expect(check.stderr).toContain('--alpha: found "0.75", expected a number greater than 0 and at most 0.5');
  });
});
