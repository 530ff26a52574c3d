import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { MutationReport } from '../../src/mutate/mutation-types.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { caseFileYaml, caseYaml, copyBundledEval, writeFiles } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { toolCall, traceJson } from '../helpers/trace-builder.js';

const tempDir = useTempDirs();

async function cli(argv: string[], cwd: string) {
  const fake = createFakeIo({ cwd });
  const code = await main(argv, fake.io);
  return { code, stdout: fake.stdout(), stderr: fake.stderr() };
}

function bundledCopy(): string {
  const root = tempDir();
  copyBundledEval(root);
  return root;
}

describe('diag-eval mutate (S63, S66)', () => {
  it('S66: two runs in one process write byte-identical mutation.json and mutation.md (nothing carried from run to run; test/cli/cli.test.ts runs two processes), and no fixture is written', async () => {
    const root = bundledCopy();
    const before = readdirSync(join(root, 'eval', 'fixtures')).sort();
    expect((await cli(['mutate', '--out', 'a', '--quiet'], root)).code).toBe(0);
    expect((await cli(['mutate', '--out', 'b', '--quiet'], root)).code).toBe(0);
    for (const file of ['mutation.json', 'mutation.md'])
      expect(readFileSync(join(root, 'b', file), 'utf8')).toBe(readFileSync(join(root, 'a', file), 'utf8'));
    expect(readdirSync(join(root, 'eval', 'fixtures')).sort()).toEqual(before);
    const report = JSON.parse(readFileSync(join(root, 'a', 'mutation.json'), 'utf8')) as MutationReport;
    expect(report.mutationVersion).toBe(1);
    expect(report.summary.mutants).toBe(report.summary.killed + report.summary.survived);
    expect(report.summary.score).toBe(Math.round((report.summary.killed / report.summary.mutants) * 10_000) / 10_000);
    expect(report.operators.reduce((sum, operator) => sum + operator.mutants, 0)).toBe(report.summary.mutants);
    expect(report.cases.reduce((sum, score) => sum + score.killed, 0)).toBe(report.summary.killed);
    expect(readFileSync(join(root, 'a', 'mutation.md'), 'utf8')).toContain(
      '## Surviving regressions and what would catch them',
    );
  });

  it('S66: --min-score gates: 0 at or above, 1 below; out of range or a bad format is 2', async () => {
    const root = bundledCopy();
    expect((await cli(['mutate', '--out', 'o', '--min-score', '0', '--quiet'], root)).code).toBe(0);
    expect((await cli(['mutate', '--out', 'o', '--min-score', '1', '--quiet'], root)).code).toBe(1);
    const outOfRange = await cli(['mutate', '--min-score', '1.5'], root);
    expect(outOfRange.code).toBe(2);
    expect(outOfRange.stderr).toContain('--min-score');
    const junit = await cli(['mutate', '--format', 'junit'], root);
    expect(junit.code).toBe(2);
    expect(junit.stderr).toContain('expected a comma-separated list of json, md, html');
  });

  it('S66: --format html writes mutation.html: self-contained, no script, every report text escaped, byte-identical twice', async () => {
    const root = tempDir();
    writeFiles(root, {
      'eval/cases.yaml': caseFileYaml([caseYaml('weak')]),
      'eval/fixtures/weak.json': traceJson({ toolInvocations: [toolCall('query<b>&"Logs')] }),
    });
    expect((await cli(['mutate', '--out', 'a', '--format', 'html', '--quiet'], root)).code).toBe(0);
    expect((await cli(['mutate', '--out', 'b', '--format', 'json,html', '--quiet'], root)).code).toBe(0);
    const page = readFileSync(join(root, 'a', 'mutation.html'), 'utf8');
    expect(readFileSync(join(root, 'b', 'mutation.html'), 'utf8')).toBe(page);
    expect(existsSync(join(root, 'a', 'mutation.json'))).toBe(false);
    expect(page).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(page).not.toMatch(/<script|https?:\/\//u);
    expect(page).toContain('does not notice when `query&lt;b&gt;&amp;&quot;Logs` is never called');
    expect(page).not.toContain('query<b>');
    const report = JSON.parse(readFileSync(join(root, 'b', 'mutation.json'), 'utf8')) as MutationReport;
    expect(page).toContain(
      `<div class="value">${(Number(report.summary.score) * 100).toFixed(1)}%</div><div class="label">mutation score</div>`,
    );
    for (const survivor of report.survivors)
      expect(page).toContain(
        survivor.suggestion
          .replaceAll('&', '&amp;')
          .replaceAll('<', '&lt;')
          .replaceAll('>', '&gt;')
          .replaceAll('"', '&quot;')
          .replaceAll("'", '&#39;'),
      );
  });

  it('S63: --operators selects operators; an unknown id is exit 2 with a did-you-mean', async () => {
    const root = bundledCopy();
    expect(
      (
        await cli(
          ['mutate', '--out', 'o', '--operators', 'remove-verdict,disallowed-verdict', '--min-score', '1'],
          root,
        )
      ).code,
    ).toBe(0);
    const report = JSON.parse(readFileSync(join(root, 'o', 'mutation.json'), 'utf8')) as MutationReport;
    expect(report.operators.map((operator) => operator.operator)).toEqual(['disallowed-verdict', 'remove-verdict']);
    const unknown = await cli(['mutate', '--operators', 'remove-verdikt'], root);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('found unknown operator "remove-verdikt" (did you mean "remove-verdict"?)');
  });

  it('S63: a case that fails today or has no fixture is listed and skipped', async () => {
    const root = tempDir();
    writeFiles(root, {
      'eval/cases.yaml': caseFileYaml([
        caseYaml('good'),
        caseYaml('bad', ['forbiddenAnswerKeywords: ["exhausted"]']),
        caseYaml('missing'),
      ]),
      'eval/fixtures/good.json': traceJson(),
      'eval/fixtures/bad.json': traceJson(),
    });
    const result = await cli(['mutate', '--out', 'o'], root);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('skipped (not passing today): bad, missing');
    const report = JSON.parse(readFileSync(join(root, 'o', 'mutation.json'), 'utf8')) as MutationReport;
    expect(report.cases.map((score) => [score.caseId, score.status, score.reason])).toEqual([
      ['good', 'mutated', null],
      ['bad', 'skipped', 'fails today (forbidden-answer-keywords)'],
      ['missing', 'skipped', 'not run: fixture not found: expected a trace file at eval/fixtures/missing.json'],
    ]);
  });

  it('S66: --keep-mutants writes every mutant as a fixture that loads', async () => {
    const root = bundledCopy();
    expect(
      (
        await cli(
          ['mutate', '--out', 'o', '--operators', 'run-not-completed', '--keep-mutants', 'kept', '--quiet'],
          root,
        )
      ).code,
    ).toBe(0);
    const kept = join(root, 'kept', 'payment-timeout-db-pool', 'run-not-completed-1.json');
    expect(existsSync(kept)).toBe(true);
    expect((JSON.parse(readFileSync(kept, 'utf8')) as { status: string }).status).toBe('FAILED');
    expect(readdirSync(join(root, 'kept')).length).toBe(6);
  });

  it('S66: --keep-mutants naming a file is exit 2 before any work; with no mutant to score, --min-score gives 1', async () => {
    const root = tempDir();
    writeFiles(root, {
      'eval/cases.yaml': caseFileYaml([caseYaml('bad', ['forbiddenAnswerKeywords: ["exhausted"]'])]),
      'eval/fixtures/bad.json': traceJson(),
      'taken.txt': 'x',
    });
    const blocked = await cli(['mutate', '--out', 'o', '--keep-mutants', 'taken.txt'], root);
    expect(blocked.code).toBe(2);
    expect(blocked.stderr).toContain('--keep-mutants taken.txt: it is not a folder');
    expect(existsSync(join(root, 'o'))).toBe(false);
    // An output folder the config file set is named by the file and its key, not by a flag never given.
    writeFiles(root, { 'diag-eval.config.yaml': 'out: taken.txt\n' });
    const configured = await cli(['mutate'], root);
    expect([configured.code, configured.stderr]).toEqual([
      2,
      'error: diag-eval mutate: diag-eval.config.yaml: out: taken.txt: it is not a folder; expected a folder to write into\n',
    ]);
    rmSync(join(root, 'diag-eval.config.yaml'));
    expect((await cli(['mutate', '--out', 'o', '--min-score', '0', '--quiet'], root)).code).toBe(1);
    const report = JSON.parse(readFileSync(join(root, 'o', 'mutation.json'), 'utf8')) as MutationReport;
    expect(report.summary).toMatchObject({ mutants: 0, score: null, minScore: 0 });
  });

  it('S63: a bad case file is exit 2 naming it', async () => {
    const root = tempDir();
    writeFiles(root, { 'eval/cases.yaml': 'version: 1\ncases: 3\n' });
    const result = await cli(['mutate'], root);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('eval/cases.yaml');
  });
});
