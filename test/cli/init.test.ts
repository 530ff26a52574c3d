import { existsSync, readFileSync, readlinkSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { writeFiles } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

async function cli(argv: string[], cwd: string) {
  const fake = createFakeIo({ cwd });
  const code = await main(argv, fake.io);
  return { code, stdout: fake.stdout(), stderr: fake.stderr() };
}

const STARTER_FILES = ['eval/cases.yaml', 'eval/fixtures/checkout-timeout-db-pool.json', 'diag-eval.config.yaml'];

describe('diag-eval init (S52)', () => {
  it('S52: writes the starter suite and the next three commands; run passes on it, check asks for a baseline, then gates', async () => {
    const cwd = tempDir();
    const init = await cli(['init'], cwd);
    expect(init).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        ...STARTER_FILES.map((file) => `wrote ${file}`),
        'next:',
        '  npx --no-install diag-eval run         # evaluate the example case against its trace',
        '  npx --no-install diag-eval baseline    # record the results in docs/eval/baseline/ (commit it)',
        '  npx --no-install diag-eval check       # the CI gate: fails on a regression against the baseline',
        '',
      ].join('\n'),
    });
    const cases = readFileSync(join(cwd, 'eval', 'cases.yaml'), 'utf8');
    expect(cases.split('\n')[0]).toBe(
      '# yaml-language-server: $schema=../node_modules/diagnosis-eval-harness/schema/cases.schema.json',
    );
    expect(await cli(['validate'], cwd)).toMatchObject({ code: 0, stderr: '' });
    expect(await cli(['run'], cwd)).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('diag-eval run: 1 case: 1 passed, 0 failed, 0 not run (pass rate 100%)\n'),
    });

    const noBaseline = await cli(['check'], cwd);
    expect(noBaseline).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: no baseline at docs/eval/baseline/report.json: create it with diag-eval baseline\n',
    });
    expect((await cli(['baseline'], cwd)).code).toBe(0);
    expect(await cli(['check'], cwd)).toMatchObject({ code: 0, stdout: expect.stringContaining('no regressions\n') });
  });

  it('S52: refuses to overwrite any existing starter file (exit 2 naming each), and writes nothing', async () => {
    const cwd = tempDir();
    writeFiles(cwd, { 'eval/cases.yaml': 'mine\n', 'diag-eval.config.yaml': 'out: mine\n' });
    const { code, stdout, stderr } = await cli(['init'], cwd);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'error: diag-eval init: eval/cases.yaml, diag-eval.config.yaml exist already; expected none of the starter files there (--force overwrites them)\n',
    );
    expect(readFileSync(join(cwd, 'eval', 'cases.yaml'), 'utf8')).toBe('mine\n');
    expect(existsSync(join(cwd, 'eval', 'fixtures'))).toBe(false);
  });

  it.each(['diag-eval.config.json', 'diag-eval.config.yml'])(
    'S52: refuses when %s exists, which the diag-eval.config.yaml it writes would silently pass over',
    async (name) => {
      const cwd = tempDir();
      writeFiles(cwd, { [name]: 'out: mine\n' });
      expect(await cli(['init'], cwd)).toEqual({
        code: 2,
        stdout: '',
        stderr: `error: diag-eval init: ${name} exists already; expected no config file there (diag-eval.config.yaml, which init writes, would be read instead of it; --force writes it anyway)\n`,
      });
      expect(existsSync(join(cwd, 'diag-eval.config.yaml'))).toBe(false);
      expect(existsSync(join(cwd, 'eval'))).toBe(false);
    },
  );

  it('S52: a symbolic link at a starter file counts as existing, even one whose target is missing', async () => {
    const cwd = tempDir();
    writeFiles(cwd, { 'eval/README.md': 'mine\n' });
    symlinkSync('../shared/cases.yaml', join(cwd, 'eval', 'cases.yaml'));
    expect(await cli(['init'], cwd)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('error: diag-eval init: eval/cases.yaml exists already;'),
    });
    expect(readlinkSync(join(cwd, 'eval', 'cases.yaml'))).toBe('../shared/cases.yaml');
  });

  it('S52: --force overwrites them; --quiet prints nothing; a stray argument is exit 2', async () => {
    const cwd = tempDir();
    writeFiles(cwd, { 'eval/cases.yaml': 'mine\n' });
    expect(await cli(['init', '--force', '--quiet'], cwd)).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(join(cwd, 'eval', 'cases.yaml'), 'utf8')).toContain('id: checkout-timeout-db-pool');
    expect((await cli(['init', 'somewhere'], cwd)).code).toBe(2);
  });
});
