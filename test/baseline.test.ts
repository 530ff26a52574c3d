import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCaseFile } from '../src/cases/resolve-cases.js';
import { main } from '../src/cli/main.js';
import { DEFAULT_CONTRACT } from '../src/config/contract.js';
import type { Report } from '../src/report/types.js';
import { createFakeIo } from './helpers/fake-io.js';
import { REPO_ROOT } from './helpers/project.js';
import { useTempDirs } from './helpers/temp-dir.js';

const tempDir = useTempDirs();
const BASELINE_DIR = join(REPO_ROOT, 'docs', 'eval', 'baseline');

/** Regenerates the baseline from the repository root (so paths in it match) into a temporary folder. */
async function regenerate(): Promise<string> {
  const out = tempDir();
  const fake = createFakeIo({ cwd: REPO_ROOT });
  // The folder is given relative to the root, as a developer would type it; the report does not depend on it.
  const code = await main(['baseline', '--baseline-dir', relative(REPO_ROOT, out), '--quiet'], fake.io);
  expect({ code, stdout: fake.stdout(), stderr: fake.stderr() }).toEqual({ code: 0, stdout: '', stderr: '' });
  return out;
}

describe('the committed baseline (S14, S15, S16)', () => {
  it('S15: is committed in JSON and Markdown under docs/eval/baseline, and S14/S15: a regeneration is byte-identical to it', async () => {
    const out = await regenerate();
    for (const name of ['report.json', 'report.md']) {
      const committed = readFileSync(join(BASELINE_DIR, name), 'utf8');
      const regenerated = readFileSync(join(out, name), 'utf8');
      // toBe on the text shows the differing lines; the byte comparison below is the real requirement.
      expect(regenerated, `docs/eval/baseline/${name} is stale: regenerate it with \`diag-eval baseline\``).toBe(
        committed,
      );
      expect(readFileSync(join(out, name)).equals(readFileSync(join(BASELINE_DIR, name)))).toBe(true);
    }
  });

  it('S14: has one result for every fixed case of eval/cases.yaml, in case-file order, and every one passes', async () => {
    const cases = await loadCaseFile(join(REPO_ROOT, 'eval', 'cases.yaml'), 'eval/cases.yaml', DEFAULT_CONTRACT);
    const baseline = JSON.parse(readFileSync(join(BASELINE_DIR, 'report.json'), 'utf8')) as Report;
    expect(baseline.cases.map((result) => result.caseId)).toEqual(cases.map((evalCase) => evalCase.id));
    expect(baseline.summary.total).toBe(cases.length);
    expect(baseline.cases.map((result) => [result.caseId, result.status])).toEqual(
      cases.map((evalCase) => [evalCase.id, 'passed']),
    );
    expect(baseline.cases.map((result) => result.traceFixture)).toEqual(
      cases.map((evalCase) => `eval/fixtures/${evalCase.traceFixture}`),
    );
  });

  it('S15: the Markdown baseline has a row for every case', async () => {
    const cases = await loadCaseFile(join(REPO_ROOT, 'eval', 'cases.yaml'), 'eval/cases.yaml', DEFAULT_CONTRACT);
    const markdown = readFileSync(join(BASELINE_DIR, 'report.md'), 'utf8');
    for (const evalCase of cases) expect(markdown).toContain(`| \`${evalCase.id}\` |`);
  });

  it('S16: docs/eval/README.md explains when and how to regenerate the baseline', () => {
    const readme = readFileSync(join(REPO_ROOT, 'docs', 'eval', 'README.md'), 'utf8');
    expect(readme).toMatch(/^#+ .*regenerat.*baseline/imu);
    expect(readme).toContain('diag-eval baseline');
    expect(readme).toContain('docs/eval/baseline/report.json');
    expect(readme).toContain('docs/eval/baseline/report.md');
  });
});
