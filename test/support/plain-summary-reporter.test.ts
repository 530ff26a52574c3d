import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestModule } from 'vitest/node';
import { CHROMIUM_ENV, REQUIRE_BROWSER_ENV } from '../helpers/browser.js';
import { REPO_ROOT } from '../helpers/project.js';
import PlainSummaryReporter from './plain-summary-reporter.js';

type FakeTest = { state: 'passed' | 'failed' | 'skipped' | 'pending'; note?: string; name?: string };

function fakeModule(state: 'passed' | 'failed' | 'skipped', tests: FakeTest[]): TestModule {
  return {
    state: () => state,
    children: {
      allTests: () =>
        tests.map((test) => ({
          fullName: test.name ?? 'a test',
          result: () => ({ state: test.state, note: test.note }),
        })),
    },
  } as unknown as TestModule;
}

function summarise(modules: TestModule[], unhandled = 0): string {
  let out = '';
  new PlainSummaryReporter((text) => {
    out += text;
  }).onTestRunEnd(modules, new Array(unhandled).fill({ message: 'boom' }));
  return out;
}

describe('the plain summary line', () => {
  it.each([
    [
      'passing and skipped tests',
      [fakeModule('passed', [{ state: 'passed' }, { state: 'skipped' }])],
      0,
      '1 passed, 0 failed, 1 skipped',
    ],
    [
      'a failed test counts once, not again for its file',
      [fakeModule('failed', [{ state: 'failed' }, { state: 'passed' }])],
      0,
      '1 passed, 1 failed, 0 skipped',
    ],
    ['a file that did not load (no tests)', [fakeModule('failed', [])], 0, '0 passed, 1 failed, 0 skipped'],
    [
      'a file whose setup hook threw: its tests were skipped, the file failed',
      [fakeModule('failed', [{ state: 'skipped' }, { state: 'skipped' }])],
      0,
      '0 passed, 1 failed, 2 skipped',
    ],
    ['an error outside every test', [fakeModule('passed', [{ state: 'passed' }])], 2, '1 passed, 2 failed, 0 skipped'],
  ])('%s', (_name, modules, unhandled, line) => {
    expect(summarise(modules, unhandled).trim().split('\n').at(-1)).toBe(line);
  });

  it('a test skipped with a reason is listed with it above the line', () => {
    const out = summarise([
      fakeModule('skipped', [{ state: 'skipped', name: 'the browser tests', note: 'not run: no browser: x' }]),
    ]);
    expect(out).toBe('\nskipped: the browser tests: not run: no browser: x\n0 passed, 0 failed, 1 skipped\n');
  });
});

/** Runs the HTML report's browser test file with a browser path that does not exist. */
function runBrowserTestWithoutBrowser(extraEnv: Record<string, string>): { status: number | null; out: string } {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(npm_|vitest)/iu.test(name) && name !== 'NODE_OPTIONS' && name !== REQUIRE_BROWSER_ENV,
    ),
  );
  const result = spawnSync(
    process.execPath,
    [
      join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      '--project',
      'browser',
      'test/report/html.browser.test.ts',
    ],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...env, [CHROMIUM_ENV]: '/nonexistent/chromium', ...extraEnv, NO_COLOR: '1' },
      timeout: 60_000,
    },
  );
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

describe('the browser test on a machine without a browser', () => {
  it('says plainly that it did not run and why, in the lines that end the output', () => {
    const { status, out } = runBrowserTestWithoutBrowser({});
    expect(status).toBe(0);
    expect(out).toContain(
      `\nskipped: the browser tests: not run: no browser: ${CHROMIUM_ENV}=/nonexistent/chromium does not exist\n0 passed, 0 failed, `,
    );
    expect(out).toMatch(/\n0 passed, 0 failed, [1-9]\d* skipped\n$/u);
  }, 60_000);

  it(`fails, counted in the summary line, where it must run (${REQUIRE_BROWSER_ENV}=1, as in CI)`, () => {
    const { status, out } = runBrowserTestWithoutBrowser({ [REQUIRE_BROWSER_ENV]: '1' });
    expect(status).toBe(1);
    expect(out).toContain(`the browser tests must run (${REQUIRE_BROWSER_ENV}=1) but cannot`);
    expect(out).toContain('\n0 passed, 1 failed, 0 skipped\n');
  }, 60_000);
});
