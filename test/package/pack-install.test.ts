import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** npm as the user runs it, without the settings of the `npm test` that started this suite. */
function npm(args: string[], cwd: string): string {
  return execFileSync(NPM, args, { cwd, env: cleanEnv(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The environment of a fresh shell: without the npm and Vitest settings of the suite that runs this test. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm_|vitest)/iu.test(name) && name !== 'NODE_OPTIONS'),
  );
}

function diagEval(app: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [join(app, 'node_modules', '.bin', 'diag-eval'), ...args], {
    cwd: app,
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the package as a user receives it (S52)', () => {
  it('S52: prepare builds dist/ (so a pack, a git or a folder install from an unbuilt clone is complete)', () => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
      files: string[];
    };
    expect(manifest.scripts['prepare']).toBe('npm run build');
    expect(manifest.scripts['prepack']).toBeUndefined();
    expect(manifest.files).toEqual(expect.arrayContaining(['dist', 'schema', 'eval', 'docs']));
  });

  it("S52 S56: npm pack, install the tarball into an empty folder, then init, run, baseline, check there; the bundled examples ship too; a user's Vitest test with the matchers type-checks and passes", () => {
    const packDir = tempDir();
    // dist/ is built by the suite's global setup; packing without scripts leaves it alone while other tests use it.
    const packed = JSON.parse(
      npm(['pack', '--ignore-scripts', '--json', '--pack-destination', packDir], REPO_ROOT),
    ) as [{ filename: string; files: { path: string }[] }];
    const paths = packed[0].files.map((file) => file.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'dist/cli/bin.cjs',
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
    writeFileSync(join(app, 'package.json'), '{ "name": "app", "private": true, "type": "module" }\n');
    npm(
      [
        'install',
        join(packDir, packed[0].filename),
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--no-package-lock',
      ],
      app,
    );

    expect(diagEval(app, ['init'])).toMatchObject({ status: 0, stdout: expect.stringContaining('next:\n') });
    expect(diagEval(app, ['run'])).toMatchObject({ status: 0, stdout: expect.stringContaining('1 case: 1 passed') });
    expect(diagEval(app, ['check'])).toEqual({
      status: 2,
      stdout: '',
      stderr: 'error: no baseline at docs/eval/baseline/report.json: create it with diag-eval baseline\n',
    });
    expect(diagEval(app, ['baseline'])).toMatchObject({ status: 0 });
    expect(diagEval(app, ['check', '--format', 'json,md,junit'])).toMatchObject({
      status: 0,
      stdout: expect.stringContaining('no regressions\n'),
    });

    // The README's worked example, from where the package lands.
    const shipped = 'node_modules/diagnosis-eval-harness';
    const example = diagEval(app, [
      'check',
      '--cases',
      `${shipped}/eval/cases.yaml`,
      '--fixtures',
      `${shipped}/eval/examples/regressed`,
      '--baseline',
      `${shipped}/docs/eval/baseline/report.json`,
      '--out',
      'eval-out/regressed',
    ]);
    expect(example.status).toBe(1);
    expect(example.stdout).toContain(
      '\n4 cases regressed: payment-timeout-db-pool, order-cpu-spike-after-deploy, redis-eviction-cache-miss, inventory-sync-kafka-lag\n',
    );

    // A user's own Vitest test, against the installed package: the matchers run, and their types
    // (Vitest's Assertion extended) check. Vitest and TypeScript are this repository's, linked in.
    symlinkSync(join(REPO_ROOT, 'node_modules', 'vitest'), join(app, 'node_modules', 'vitest'), 'dir');
    mkdirSync(join(app, 'node_modules', '@types'), { recursive: true });
    symlinkSync(join(REPO_ROOT, 'node_modules', '@types', 'node'), join(app, 'node_modules', '@types', 'node'), 'dir');
    writeFileSync(join(app, 'agent.test.ts'), USER_TEST);
    writeFileSync(join(app, 'tsconfig.json'), USER_TSCONFIG);
    const tsc = spawnSync(
      process.execPath,
      [join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'],
      { cwd: app, encoding: 'utf8', env: cleanEnv() },
    );
    expect(tsc.stdout).toBe('');
    expect(tsc.status).toBe(0);
    const vitest = spawnSync(
      process.execPath,
      [join(app, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--reporter', 'dot'],
      { cwd: app, encoding: 'utf8', env: cleanEnv() },
    );
    expect(`${vitest.stdout}${vitest.stderr}`.replace(/\u001b\[[0-9;]*m/gu, '')).toMatch(/Tests\s+2 passed \(2\)/u);
    expect(vitest.status).toBe(0);
  }, 180_000);
});

/** The README's Vitest example, on the suite `init` writes. */
const USER_TEST = `import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import 'diagnosis-eval-harness/vitest';
import { evaluateTrace, type CaseDefinition, type Report } from 'diagnosis-eval-harness';

const exampleCase: CaseDefinition = {
  id: 'checkout-timeout-db-pool',
  question: 'Checkout requests time out since 14:05. What is the root cause?',
  rootCauseKeywords: [['connection pool', '连接池'], ['exhausted', '耗尽']],
  requiredEvidenceTools: ['queryMetrics', 'queryLogs'],
  allowedVerdicts: ['PASS', 'REVISE'],
  audit: { v2: true },
};
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

describe('the installed package', () => {
  it('toPassCase and evaluateTrace', () => {
    const trace = readJson('eval/fixtures/checkout-timeout-db-pool.json');
    expect(trace).toPassCase(exampleCase);
    expect({ finalAnswer: 'no idea' }).not.toPassCase(exampleCase);
    expect(evaluateTrace(exampleCase, trace).status).toBe('passed');
  });
  it('toHaveNoRegressionsAgainst', () => {
    const report = readJson('docs/eval/baseline/report.json') as Report;
    expect(report).toHaveNoRegressionsAgainst(report, { costTolerance: 0.2 });
  });
});

// Type checks only, never called: an unused @ts-expect-error fails tsc, so these prove the matchers are typed.
export function typeChecks(): void {
  // @ts-expect-error a case definition needs an id and a question
  expect({}).toPassCase({ rootCauseKeywords: [] });
  // @ts-expect-error costTolerance is a number
  expect({}).toHaveNoRegressionsAgainst({} as Report, { costTolerance: 'high' });
}
`;

const USER_TSCONFIG = `{
  "compilerOptions": { "target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext", "strict": true, "noEmit": true, "skipLibCheck": true, "types": ["node"] },
  "files": ["agent.test.ts"]
}
`;
