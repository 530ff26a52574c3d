import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

/** The environment of a fresh shell: without the npm and Vitest settings of the suite that runs this test. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm_|vitest)/iu.test(name) && name !== 'NODE_OPTIONS'),
  );
}

/**
 * A git repository holding the working tree as it is now (tracked files and new ones git does not
 * ignore), so that the install below tests this source, not the last commit.
 */
function cloneOfWorkingTree(): string {
  const repo = tempDir('diag-eval-git-');
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((path) => path !== '' && existsSync(join(REPO_ROOT, path)));
  for (const path of files) {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    copyFileSync(join(REPO_ROOT, path), join(repo, path));
  }
  const git = (args: string[]): void => {
    execFileSync('git', args, { cwd: repo, stdio: 'ignore' });
  };
  git(['init', '--quiet']);
  git(['add', '--all']);
  git(['-c', 'user.name=test', '-c', 'user.email=test@example.com', 'commit', '--quiet', '-m', 'snapshot']);
  return repo;
}

describe('installed from a git URL, as the README says until the package is published (S52)', () => {
  it('S52: npm install -D git+file://… into an empty project builds dist/ (prepare); init, run, baseline, check work there', () => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts['prepare']).toBe('npm run build');

    const repo = cloneOfWorkingTree();
    const app = tempDir('diag-eval-app-');
    writeFileSync(join(app, 'package.json'), '{ "name": "app", "private": true, "type": "module" }\n');
    execFileSync(
      'npm',
      ['install', '--save-dev', `git+${pathToFileURL(repo).href}`, '--prefer-offline', '--no-audit', '--no-fund'],
      { cwd: app, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'], timeout: 240_000 },
    );
    expect(existsSync(join(app, 'node_modules', 'diagnosis-eval-harness', 'dist', 'cli', 'bin.cjs'))).toBe(true);

    // The local binary, as the docs run it: never a registry look-up.
    const diagEval = (args: string[]): { status: number | null; stdout: string; stderr: string } => {
      const result = spawnSync('npx', ['--no-install', 'diag-eval', ...args], {
        cwd: app,
        env: cleanEnv(),
        encoding: 'utf8',
        timeout: 60_000,
      });
      return { status: result.status, stdout: result.stdout, stderr: result.stderr };
    };
    expect(diagEval(['init'])).toMatchObject({ status: 0, stdout: expect.stringContaining('next:\n') });
    expect(diagEval(['run'])).toMatchObject({ status: 0, stdout: expect.stringContaining('1 case: 1 passed') });
    expect(diagEval(['baseline'])).toMatchObject({ status: 0 });
    expect(diagEval(['check'])).toMatchObject({ status: 0, stdout: expect.stringContaining('no regressions\n') });
  }, 300_000);
});
