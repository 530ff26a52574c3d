import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { Diff } from '../../src/diff/types.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { REPO_ROOT } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

/** `diag-eval check --fixtures eval/examples/regressed` from the repository root, as the READMEs show it. */
async function checkRegressedExample(): Promise<{ code: number; stdout: string; diff: Diff; out: string }> {
  const out = relative(REPO_ROOT, tempDir());
  const fake = createFakeIo({ cwd: REPO_ROOT });
  const code = await main(['check', '--fixtures', 'eval/examples/regressed', '--out', out], fake.io);
  expect(fake.stderr()).toBe('');
  const diff = JSON.parse(readFileSync(join(REPO_ROOT, out, 'diff.json'), 'utf8')) as Diff;
  return { code, stdout: fake.stdout(), diff, out };
}

/** The fenced block after the line that shows the command, with the output folder the README uses. */
function documentedOutput(readme: string): string {
  const start = readme.indexOf('```text\ndiag-eval check:');
  expect(start, 'the README shows the output of the check command').toBeGreaterThan(-1);
  return readme.slice(start + '```text\n'.length, readme.indexOf('```', start + 8));
}

describe('the regressed worked example (eval/examples/regressed)', () => {
  it('S33 the negated root cause in the redis answer fails keyword-coverage, quoting the clause that negates it', async () => {
    const { diff } = await checkRegressedExample();
    const item = diff.items.find((entry) => entry.scope === 'check' && entry.caseId === 'redis-eviction-cache-miss');
    expect(item?.message).toContain(
      'required concept not covered: one of ["maxmemory", "内存上限"]; concept "maxmemory" is only mentioned negated:',
    );
    expect(item?.message).toContain('并未达到 maxmemory 上限');
  });

  it('S20 S21 S17 reports exactly the regressions its README claims, naming case, check and tool', async () => {
    const { code, diff } = await checkRegressedExample();
    expect(code).toBe(1);
    const regressions = diff.items
      .filter((item) => item.kind === 'regression')
      .map((item) => [item.scope, item.caseId, item.metric, item.tool].join(' '));
    expect(regressions).toEqual([
      'aggregate  passRate ',
      'case payment-timeout-db-pool status ',
      'check payment-timeout-db-pool no-protocol-leak ',
      'case order-cpu-spike-after-deploy status ',
      'check order-cpu-spike-after-deploy evidence-coverage ',
      'evidence order-cpu-spike-after-deploy coverage queryDeployments',
      'case redis-eviction-cache-miss status ',
      'check redis-eviction-cache-miss keyword-coverage ',
      'check redis-eviction-cache-miss numeric-grounding ',
      'case inventory-sync-kafka-lag status ',
      'check inventory-sync-kafka-lag verdict-allowed ',
    ]);
    // S18: the extra tool calls show as a cost change with its delta, not as a regression without a tolerance.
    const toolCalls = diff.items.find((item) => item.metric === 'avgToolCalls');
    expect(toolCalls).toMatchObject({
      kind: 'change',
      scope: 'aggregate',
      baseline: 4.3333,
      current: 4.6667,
      delta: 0.3333,
    });
    // Deltas are taken from the unrounded averages (14/3 − 13/3), then rounded: not 4.6667 − 4.3333.
    expect(diff.summary.avgToolCalls.delta).toBe(0.3333);
    expect(diff.summary.avgDurationMs).toEqual({ baseline: 26486.6667, current: 27988.3333, delta: 1501.6667 });
  });

  it('S18 with --cost-tolerance 0.05 the extra tool calls and duration become regressions', async () => {
    const out = relative(REPO_ROOT, tempDir());
    const fake = createFakeIo({ cwd: REPO_ROOT });
    const code = await main(
      ['check', '--fixtures', 'eval/examples/regressed', '--out', out, '--cost-tolerance', '0.05', '--quiet'],
      fake.io,
    );
    expect(code).toBe(1);
    const diff = JSON.parse(readFileSync(join(REPO_ROOT, out, 'diff.json'), 'utf8')) as Diff;
    const costRegressions = diff.items
      .filter((item) => item.kind === 'regression' && item.scope === 'aggregate')
      .map((item) => item.metric);
    expect(costRegressions).toEqual(['passRate', 'avgToolCalls', 'avgDurationMs']);
  });

  it('S25 the output shown in README.md and in the example README is what the command prints', async () => {
    const { stdout, out } = await checkRegressedExample();
    const printed = stdout.replaceAll(`${join(REPO_ROOT, out)}/`, 'eval-out/regressed/');
    for (const readme of ['README.md', 'eval/examples/regressed/README.md']) {
      expect(documentedOutput(readFileSync(join(REPO_ROOT, readme), 'utf8')), readme).toBe(printed);
    }
  });
});
