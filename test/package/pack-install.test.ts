import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** npm as the user runs it, without the settings of the `npm test` that started this suite. */
function npm(args: string[], cwd: string): string {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));
  return execFileSync(NPM, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function diagEval(app: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [join(app, 'node_modules', '.bin', 'diag-eval'), ...args], { cwd: app, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the package as a user receives it (S52)', () => {
  it('S52: prepack builds dist/ (so a pack from an unbuilt clone is complete)', () => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; files: string[] };
    expect(manifest.scripts['prepack']).toBe('npm run build');
    expect(manifest.files).toEqual(expect.arrayContaining(['dist', 'schema', 'eval', 'docs']));
  });

  it(
    'S52: npm pack, install the tarball into an empty folder, then init, run, baseline, check there; the bundled examples ship too',
    () => {
      const packDir = tempDir();
      // dist/ is built by the suite's global setup; packing without scripts leaves it alone while other tests use it.
      const packed = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', packDir], REPO_ROOT)) as [
        { filename: string; files: { path: string }[] },
      ];
      const paths = packed[0].files.map((file) => file.path);
      expect(paths).toEqual(
        expect.arrayContaining([
          'dist/cli/bin.js',
          'dist/index.js',
          'dist/index.d.ts',
          'dist/vitest.js',
          'dist/vitest.d.ts',
          'schema/cases.schema.json',
          'eval/cases.yaml',
          'eval/fixtures/payment-timeout-db-pool.json',
          'eval/examples/regressed/README.md',
          'docs/eval/baseline/report.json',
        ]),
      );
      expect(paths.filter((path) => path.startsWith('src/') || path.startsWith('test/'))).toEqual([]);

      const app = tempDir();
      writeFileSync(join(app, 'package.json'), '{ "name": "app", "private": true }\n');
      npm(['install', join(packDir, packed[0].filename), '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock'], app);

      expect(diagEval(app, ['init'])).toMatchObject({ status: 0, stdout: expect.stringContaining('next:\n') });
      expect(diagEval(app, ['run'])).toMatchObject({ status: 0, stdout: expect.stringContaining('1 case: 1 passed') });
      expect(diagEval(app, ['check'])).toEqual({ status: 2, stdout: '', stderr: 'error: no baseline at docs/eval/baseline/report.json: create it with diag-eval baseline\n' });
      expect(diagEval(app, ['baseline'])).toMatchObject({ status: 0 });
      expect(diagEval(app, ['check', '--format', 'json,md,junit'])).toMatchObject({ status: 0, stdout: expect.stringContaining('no regressions\n') });

      // The README's worked example, from where the package lands.
      const shipped = 'node_modules/diagnosis-eval-harness';
      const example = diagEval(app, [
        'check',
        '--cases', `${shipped}/eval/cases.yaml`,
        '--fixtures', `${shipped}/eval/examples/regressed`,
        '--baseline', `${shipped}/docs/eval/baseline/report.json`,
        '--out', 'eval-out/regressed',
      ]);
      expect(example.status).toBe(1);
      expect(example.stdout).toContain('8 regressions\n');
    },
    120_000,
  );
});
