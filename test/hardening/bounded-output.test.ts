import { appendFileSync, cpSync, existsSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderReportMarkdown } from '../../src/report/render/markdown.js';
import type { CaseResult, Report } from '../../src/report/types.js';
import { ensureBuilt } from '../helpers/build.js';
import { copyBundledEvalWithBaseline, REPO_ROOT, writeFiles } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { peakMemoryProbe, runCli, runCliAsync, STACK_FRAME } from './cli-process.js';

const tempDir = useTempDirs();
beforeAll(() => ensureBuilt());

function project(): string {
  const cwd = tempDir();
  copyBundledEvalWithBaseline(cwd);
  return cwd;
}

describe('large inputs and outputs stay within bounds (S44)', () => {
  it('S44: report.md renders for 130,000 cases (no spread of every row into one call)', () => {
    const row: CaseResult = {
      caseId: 'c',
      status: 'passed',
      reason: null,
      verdict: 'PASS',
      failedChecks: [],
      checks: [],
      evidenceCoverage: null,
      keywordCoverage: null,
      toolCallCount: 1,
      durationMs: 10,
      traceFixture: 'eval/fixtures/c.json',
    };
    const report: Report = {
      schemaVersion: 1,
      summary: {
        total: 130_000,
        passed: 130_000,
        failed: 0,
        notRun: 0,
        passRate: 1,
        verdictDistribution: { PASS: 130_000 },
        avgToolCalls: 1,
        avgDurationMs: 10,
      },
      cases: Array.from({ length: 130_000 }, (_, index) => ({ ...row, caseId: `case-${index}` })),
    };
    const markdown = renderReportMarkdown(report);
    expect(markdown.split('\n').filter((line) => line.startsWith('| `case-')).length).toBe(130_000);
  });

  it('S44: a JSON Lines export with a line over 64 MiB: that line is skipped, the rest imported (exit 1)', () => {
    const cwd = tempDir();
    const good = readFileSync(join(REPO_ROOT, 'test', 'fixtures', 'import', 'otlp-split.jsonl'), 'utf8');
    writeFileSync(join(cwd, 'export.jsonl'), `{"resourceSpans": "${'x'.repeat(65 * 1024 * 1024)}"}\n`);
    appendFileSync(join(cwd, 'export.jsonl'), good);
    const run = runCli(['import', 'export.jsonl', '--out', 'imported'], cwd, { timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(
      /^skipped: export\.jsonl:1: the line is over the 64 MiB limit for one line; line skipped$/mu,
    );
    expect(run.stdout).toMatch(/^wrote imported\//mu);
    expect(run.stderr).not.toMatch(STACK_FRAME);
  });

  it('S44: an export of thousands of bad lines lists the first 1000 and counts the rest', () => {
    const cwd = tempDir();
    const good = readFileSync(join(REPO_ROOT, 'test', 'fixtures', 'import', 'otlp-split.jsonl'), 'utf8');
    writeFileSync(join(cwd, 'export.jsonl'), `${good}${'not json\n'.repeat(1500)}`);
    const run = runCli(['import', 'export.jsonl', '--out', 'imported', '--quiet'], cwd);
    expect(run.code, run.stderr).toBe(1);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines.length).toBe(1001);
    expect(lines[1000]).toBe('skipped: (all files): 500 more skipped lines or spans are not listed');
  });

  it('S44: a 600 MiB export on one line is refused (exit 2) without being held in memory', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'export.json'), '');
    truncateSync(join(cwd, 'export.json'), 600 * 1024 * 1024);
    const probe = peakMemoryProbe(cwd);
    const run = await runCliAsync(['import', 'export.json', '--out', 'imported'], cwd, {
      nodeOptions: probe.nodeOptions,
      timeoutMs: 60_000,
    });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(
      /^error: export\.json: the file is 600\.0 MiB, over the 256 MiB limit for one JSON document; expected /u,
    );
    expect(probe.peakMb()).toBeLessThan(250);
  });
});

describe('outputs never replace the baseline or mix two runs (S45)', () => {
  // The last column: how the refusal names the setting, by the flag or by the config file that set it.
  it.each([
    ['check --out docs/eval/baseline', ['check', '--out', 'docs/eval/baseline'], null, '--out docs/eval/baseline'],
    [
      'check --out ./docs/eval/baseline/',
      ['check', '--out', './docs/eval/baseline/'],
      null,
      '--out docs/eval/baseline',
    ],
    ['run --out docs/eval/baseline', ['run', '--out', 'docs/eval/baseline'], null, '--out docs/eval/baseline'],
    [
      'config out equal to baselineDir',
      ['check'],
      'out: reports\nbaselineDir: reports\n',
      'diag-eval.config.yaml: out: reports',
    ],
    ['--out a link to the baseline folder', ['check', '--out', 'linked'], null, '--out linked'],
  ] as const)('S45: %s is refused and the baseline stays as it was', (name, args, config, named) => {
    const cwd = project();
    if (config !== null) {
      writeFiles(cwd, { 'diag-eval.config.yaml': config });
      cpSync(join(cwd, 'docs', 'eval', 'baseline'), join(cwd, 'reports'), { recursive: true });
    }
    if (name.includes('link')) {
      symlinkSync(join(cwd, 'docs', 'eval', 'baseline'), join(cwd, 'linked'));
    }
    // A regressed case: what a careless run would have written over the baseline.
    const fixture = join(cwd, 'eval', 'fixtures', 'payment-timeout-db-pool.json');
    writeFileSync(fixture, readFileSync(fixture, 'utf8').replace(/"PASS"/u, '"REJECT"'));
    const baselineFolder = config === null ? join(cwd, 'docs', 'eval', 'baseline') : join(cwd, 'reports');
    const before = readFileSync(join(baselineFolder, 'report.json'), 'utf8');
    const run = runCli([...args], cwd);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/: it is the folder of the baseline \(.*report\.json\); expected another folder/u);
    expect(run.stderr).toContain(`error: diag-eval ${args[0]}: ${named}: it is the folder of the baseline`);
    expect(readFileSync(join(baselineFolder, 'report.json'), 'utf8')).toBe(before);
  });

  it('S45: check removes the previous diff before writing, whatever --format asks for', () => {
    const cwd = project();
    writeFiles(cwd, { 'eval-out/diff.md': 'a previous diff\n', 'eval-out/diff.json': '{"old": true}\n' });
    const run = runCli(['check', '--format', 'json', '--quiet'], cwd);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(cwd, 'eval-out', 'diff.md'))).toBe(false);
    expect(JSON.parse(readFileSync(join(cwd, 'eval-out', 'diff.json'), 'utf8'))).toMatchObject({ schemaVersion: 2 });
  });
});
