import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { Diff } from '../../src/diff/types.js';
import type { Report } from '../../src/report/types.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { REPO_ROOT } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

const DOC = readFileSync(join(REPO_ROOT, 'docs/statistics.md'), 'utf8');

/** The fenced blocks of docs/statistics.md of one language, in order. */
function blocks(language: string): string[] {
  return [...DOC.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'gu'))].map((match) => match[1] ?? '');
}

async function cli(args: string[]) {
  const fake = createFakeIo({ cwd: REPO_ROOT });
  const code = await main(args, fake.io);
  return { code, stdout: fake.stdout(), stderr: fake.stderr() };
}

/** The worked example's three commands, as docs/statistics.md shows them, writing into temporary folders. */
async function workedExample() {
  const baselineOut = relative(REPO_ROOT, tempDir());
  const out = relative(REPO_ROOT, tempDir());
  const run = await cli(['run', '--fixtures', 'eval/examples/repeated/baseline', '--out', baselineOut]);
  const check = await cli([
    'check',
    '--fixtures',
    'eval/examples/repeated/current',
    '--baseline',
    `${baselineOut}/report.json`,
    '--out',
    out,
  ]);
  const plan = await cli(['plan', '--baseline', `${baselineOut}/report.json`, '--detect', '0.2']);
  // Paths outside the working directory are printed absolute (docs/contract.md §1).
  const shown = (text: string) =>
    text
      .replaceAll(`${join(REPO_ROOT, baselineOut)}/`, 'eval-out/repeated-baseline/')
      .replaceAll(`${join(REPO_ROOT, out)}/`, 'eval-out/repeated/')
      .replaceAll(`${baselineOut}/`, 'eval-out/repeated-baseline/')
      .replaceAll(`${out}/`, 'eval-out/repeated/');
  return {
    run: { ...run, stdout: shown(run.stdout) },
    check: { ...check, stdout: shown(check.stdout) },
    plan: { ...plan, stdout: shown(plan.stdout) },
    baselineOut,
    out,
  };
}

describe('the repeated-runs worked example (eval/examples/repeated, docs/statistics.md)', () => {
  it('S75 S76 S77 S78 the commands print what docs/statistics.md shows, and check fails on the true regression only', async () => {
    const { run, check, plan } = await workedExample();
    expect([run.stderr, check.stderr, plan.stderr]).toEqual(['', '', '']);
    expect([run.code, check.code, plan.code]).toEqual([1, 1, 0]);
    expect(blocks('text')).toEqual([run.stdout, check.stdout, plan.stdout]);
  });

  it('S77 the diff names the true regression with its p-values and the flaky case as within noise', async () => {
    const { out } = await workedExample();
    const diff = JSON.parse(readFileSync(join(REPO_ROOT, out, 'diff.json'), 'utf8')) as Diff;
    expect(diff.items.filter((item) => item.kind === 'regression').map((item) => [item.caseId, item.metric])).toEqual([
      ['payment-timeout-db-pool', 'runPassRate'],
      ['payment-timeout-db-pool', 'no-protocol-leak'],
    ]);
    const flaky = diff.items.find((item) => item.caseId === 'redis-eviction-cache-miss' && item.scope === 'case');
    expect(flaky).toMatchObject({ kind: 'change', significance: { verdict: 'within noise', pValue: 0.3142 } });
    expect(diff.summary.significance).toMatchObject({ repeatedCases: 2, note: null });
  });

  it('S76 report.md shows the lines docs/statistics.md quotes, and report.json the intervals it names', async () => {
    const { baselineOut, out } = await workedExample();
    const markdown = readFileSync(join(REPO_ROOT, out, 'report.md'), 'utf8');
    for (const line of (blocks('md')[0] ?? '').trim().split('\n')) expect(markdown).toContain(`${line}\n`);
    const baseline = JSON.parse(readFileSync(join(REPO_ROOT, baselineOut, 'report.json'), 'utf8')) as Report;
    expect(baseline.summary.runPassInterval).toEqual({ low: 0.7415, high: 0.9768 });
    const current = JSON.parse(readFileSync(join(REPO_ROOT, out, 'report.json'), 'utf8')) as Report;
    const payment = current.cases.find((result) => result.caseId === 'payment-timeout-db-pool');
    expect(payment).toMatchObject({
      runPassRate: 0.3,
      runPassInterval: { low: 0.1078, high: 0.6032 },
      checkFailureRates: [{ check: 'no-protocol-leak', failedRuns: 7, judgedRuns: 10, rate: 0.7 }],
    });
  });

  it('S76 S77 the reports are byte-identical across runs in one process (test/cli/cli.test.ts runs two processes)', async () => {
    const first = await workedExample();
    const second = await workedExample();
    // diff.md names the two reports, which lie in other temporary folders each time.
    const read = (run: typeof first, file: string) =>
      readFileSync(join(REPO_ROOT, run.out, file), 'utf8')
        .replaceAll(run.baselineOut, 'BASELINE')
        .replaceAll(run.out, 'OUT');
    for (const file of ['report.json', 'report.md', 'diff.json', 'diff.md']) {
      expect(read(second, file), file).toBe(read(first, file));
    }
    expect(second.plan.stdout).toBe(first.plan.stdout);
  });
});
