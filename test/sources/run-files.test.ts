import { readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { Report } from '../../src/report/types.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { copyBundledEval, REPO_ROOT, writeFiles } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

const PAYMENT = 'payment-timeout-db-pool';
const good = JSON.parse(readFileSync(join(REPO_ROOT, 'eval/fixtures', `${PAYMENT}.json`), 'utf8')) as Record<
  string,
  unknown
>;
const bad = JSON.parse(readFileSync(join(REPO_ROOT, 'eval/examples/regressed', `${PAYMENT}.json`), 'utf8')) as Record<
  string,
  unknown
>;

/** The bundled suite whose payment case has recorded runs instead of its fixture: `passes[i]` says whether run i + 1 passes. */
function suiteWithRuns(passes: (boolean | null)[]): string {
  const root = tempDir();
  copyBundledEval(root);
  rmSync(join(root, 'eval/fixtures', `${PAYMENT}.json`));
  const files: Record<string, unknown> = {};
  passes.forEach((passing, index) => {
    if (passing === null) return;
    files[`eval/fixtures/${PAYMENT}.run${index + 1}.json`] = { ...(passing ? good : bad), sessionId: `s-${index + 1}` };
  });
  writeFiles(root, files);
  return root;
}

async function cli(root: string, args: string[]) {
  const fake = createFakeIo({ cwd: root });
  const code = await main(args, fake.io);
  return { code, stdout: fake.stdout(), stderr: fake.stderr() };
}

function reportOf(root: string, out = 'eval-out'): Report {
  return JSON.parse(readFileSync(join(root, out, 'report.json'), 'utf8')) as Report;
}

describe('repeated runs offline: <name>.run<i>.json (S75)', () => {
  it('S75 a case with run files is K runs, judged as live mode judges them; a case with one fixture is one run (a mixed folder)', async () => {
    const root = suiteWithRuns([true, false, true]);
    const run = await cli(root, ['run', '--quiet']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const report = reportOf(root);
    expect(report.summary).toMatchObject({ total: 6, passed: 5, repeat: 3, passAtK: 1, runPassRate: 0.875 });
    const payment = report.cases.find((result) => result.caseId === PAYMENT);
    expect(payment).toMatchObject({
      status: 'failed',
      passedRuns: 2,
      flaky: true,
      traceFixture: `eval/fixtures/${PAYMENT}.run1.json`,
      failedChecks: [{ check: 'no-protocol-leak' }],
    });
    expect(payment?.runs?.map((entry) => [entry.sessionId, entry.status])).toEqual([
      ['s-1', 'passed'],
      ['s-2', 'failed'],
      ['s-3', 'passed'],
    ]);
    const plain = report.cases.find((result) => result.caseId === 'redis-eviction-cache-miss');
    expect(plain?.runs?.length).toBe(1);
    expect(plain).toMatchObject({ status: 'passed', passedRuns: 1, flaky: false });
  });

  it('S75 run files are not orphan fixtures', async () => {
    const root = suiteWithRuns([true, true]);
    const run = await cli(root, ['run']);
    expect(run.stderr).not.toContain('orphan');
  });

  it("S75 a plain fixture beside its case's run files is not evaluated, and run and validate say so", async () => {
    const root = suiteWithRuns([true, true]);
    writeFiles(root, { [`eval/fixtures/${PAYMENT}.json`]: bad });
    const warning = `warning: fixture ignored (its case has run files, <name>.run<i>.json, which are evaluated instead): eval/fixtures/${PAYMENT}.json`;
    const run = await cli(root, ['run']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(warning);
    expect((await cli(root, ['validate'])).stderr).toContain(warning);
  });

  it('S75 a gap in the run numbers is a run without a trace, and validate names it', async () => {
    const root = suiteWithRuns([true, null, true, null]);
    await cli(root, ['run', '--quiet']);
    const payment = reportOf(root).cases.find((result) => result.caseId === PAYMENT);
    expect(payment?.runs?.map((entry) => entry.status)).toEqual(['passed', 'not_run', 'passed']);
    expect(payment?.runs?.[1]?.reason).toBe(
      `fixture not found: expected a trace file at eval/fixtures/${PAYMENT}.run2.json`,
    );
    const validate = await cli(root, ['validate']);
    expect(validate.code).toBe(1);
    expect(validate.stderr).toContain(
      `${PAYMENT}: run 2 of 3 is missing (found 2 run files; expected ${PAYMENT}.run2.json)`,
    );
  });

  it('S75 a case recorded fewer times than the others has the missing runs as runs without a trace', async () => {
    const root = suiteWithRuns([true, true, true]);
    renameSync(
      join(root, 'eval/fixtures/redis-eviction-cache-miss.json'),
      join(root, 'eval/fixtures/redis-eviction-cache-miss.run1.json'),
    );
    await cli(root, ['run', '--quiet']);
    const redis = reportOf(root).cases.find((result) => result.caseId === 'redis-eviction-cache-miss');
    expect(redis?.runs?.map((entry) => entry.status)).toEqual(['passed', 'not_run', 'not_run']);
    const validate = await cli(root, ['validate']);
    expect(validate.stderr).toContain('redis-eviction-cache-miss: runs 2, 3 of 3 are missing');
  });

  it('S75 a case with neither run files nor its plain fixture is K runs without a trace, as the live run counted it', async () => {
    const root = suiteWithRuns([true, true, true]);
    rmSync(join(root, 'eval/fixtures/inventory-sync-kafka-lag.json'));
    const run = await cli(root, ['run', '--quiet']);
    expect(run.code).toBe(1);
    const report = reportOf(root);
    const inventory = report.cases.find((result) => result.caseId === 'inventory-sync-kafka-lag');
    expect(inventory).toMatchObject({ status: 'not_run', passedRuns: 0, flaky: false, runPassRate: 0 });
    expect(inventory?.runs?.map((entry) => entry.status)).toEqual(['not_run', 'not_run', 'not_run']);
    expect(inventory?.runs?.[1]?.reason).toBe(
      'fixture not found: expected a trace file at eval/fixtures/inventory-sync-kafka-lag.run2.json or, for one run, at eval/fixtures/inventory-sync-kafka-lag.json',
    );
    // 3 payment runs and 4 plain fixtures pass, out of 3 + 4 + 3 runs.
    expect(report.summary).toMatchObject({ repeat: 3, notRun: 1, runPassRate: 0.7 });
  });

  it.each([
    { name: 'run0', found: '"0"' },
    { name: 'runx', found: '"x"' },
    { name: 'run01', found: '"01"' },
    { name: 'run1001', found: '"1001"' },
  ])(
    'S75 a run file named $name.json is refused with exit 2, naming the file, what was found and what was expected',
    async ({ name, found }) => {
      const root = suiteWithRuns([true]);
      writeFiles(root, { [`eval/fixtures/${PAYMENT}.${name}.json`]: good });
      const run = await cli(root, ['run', '--quiet']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(
        `eval/fixtures/${PAYMENT}.${name}.json: found run number ${found}; expected a whole number from 1 to 1000`,
      );
      const validate = await cli(root, ['validate']);
      expect(validate.code).toBe(1);
      expect(validate.stderr).toContain(`eval/fixtures/${PAYMENT}.${name}.json: found run number ${found}`);
    },
  );

  it('S75 a folder without run files is evaluated as before: one run per case, no repeat fields', async () => {
    const root = tempDir();
    copyBundledEval(root);
    await cli(root, ['run', '--quiet']);
    const report = reportOf(root);
    expect(report.summary.repeat).toBeUndefined();
    expect(report.cases.every((result) => result.runs === undefined)).toBe(true);
  });
});
