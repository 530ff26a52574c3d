import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { Diff } from '../../src/diff/types.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { copyBundledEval, REPO_ROOT } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

async function cli(argv: string[], cwd: string) {
  const fake = createFakeIo({ cwd });
  const code = await main(argv, fake.io);
  return { code, stdout: fake.stdout(), stderr: fake.stderr() };
}

describe('diag-eval check: the CI gate', () => {
  it('S20 S24 S25 on the unchanged bundled cases against the committed baseline: exit 0, stdout ends with "no regressions" after the paths written', async () => {
    const out = relative(REPO_ROOT, tempDir());
    const { code, stdout, stderr } = await cli(['check', '--out', out], REPO_ROOT);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    // Outside the working directory, the folder is printed as its absolute path.
    const shown = join(REPO_ROOT, out);
    expect(lines.slice(-5)).toEqual([
      `wrote ${shown}/report.json`,
      `wrote ${shown}/report.md`,
      `wrote ${shown}/diff.json`,
      `wrote ${shown}/diff.md`,
      'no regressions',
    ]);
    const diff = JSON.parse(readFileSync(join(REPO_ROOT, out, 'diff.json'), 'utf8')) as Diff;
    expect(diff.summary).toMatchObject({ status: 'unchanged', regressions: 0, improvements: 0, changes: 0 });
    expect(diff.items).toEqual([]);
  });

  it('S20 gates on regressions, not on failures the baseline already records: a known failure stays green, a new one is red', async () => {
    const cwd = tempDir();
    copyBundledEval(cwd);
    const breakAnswer = (caseId: string) => {
      const fixture = join(cwd, 'eval', 'fixtures', `${caseId}.json`);
      const trace = JSON.parse(readFileSync(fixture, 'utf8')) as Record<string, unknown>;
      writeFileSync(fixture, JSON.stringify({ ...trace, finalAnswer: 'Something went wrong upstream.' }));
    };
    breakAnswer('gateway-5xx-bad-config-push');
    expect((await cli(['baseline', '--quiet'], cwd)).code).toBe(0);

    const known = await cli(['check'], cwd);
    expect(known.code).toBe(0);
    expect(known.stdout).toContain('failed   gateway-5xx-bad-config-push');
    expect(known.stdout.trimEnd().split('\n').at(-1)).toBe('no regressions');

    breakAnswer('order-cpu-spike-after-deploy');
    const fresh = await cli(['check'], cwd);
    expect(fresh.code).toBe(1);
    expect(fresh.stdout).toContain('regression  order-cpu-spike-after-deploy: status went from passed to failed');
    expect(fresh.stdout).not.toContain('regression  gateway-5xx-bad-config-push');
    expect(fresh.stdout.trimEnd().split('\n').at(-1)).toBe('1 case regressed: order-cpu-spike-after-deploy');
  });

  it('S18 --cost-tolerance must be a number of 0 or more: exit 2 otherwise', async () => {
    const result = await cli(['check', '--cost-tolerance', 'lots'], REPO_ROOT);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: diag-eval check: --cost-tolerance: found "lots", expected a number from 0 to 100\n',
    });
  });
});
