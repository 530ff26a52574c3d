import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { writeFiles } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { toolCall, traceJson } from '../helpers/trace-builder.js';

const tempDir = useTempDirs();

/**
 * A JSON case file of `count` cases of every kind (passed, failed in English or Chinese, not
 * run, unparsable trace, warned), with their fixtures.
 */
function project(count: number): string {
  const cwd = tempDir();
  const files: Record<string, unknown> = {};
  const cases = Array.from({ length: count }, (_, index) => {
    const id = `case-${String(index).padStart(4, '0')}`;
    const kind = index % 6;
    if (kind !== 3) {
      files[`eval/fixtures/${id}.json`] =
        kind === 5
          ? '{"sessionId": '
          : traceJson({
              sessionId: id,
              durationMs: 900 + index * 0.37,
              finalAnswer: kind === 1 ? '数据库连接池耗尽。' : 'The connection pool was exhausted.',
              toolInvocations: [toolCall('queryMetrics', 'supported', 100 + (index % 7))],
            });
    }
    return {
      id,
      question: `Why does ${id} time out?`,
      rootCauseKeywords: kind === 1 ? [['连接池', 'connection pool'], '耗尽'] : ['connection pool'],
      requiredEvidenceTools: kind === 2 ? ['queryLogs'] : [],
      allowedVerdicts: kind === 2 ? ['REVISE'] : ['PASS'],
      ...(kind === 4 ? { budget: { maxToolCalls: 0 }, checks: { 'tool-call-budget': 'warn' } } : {}),
    };
  });
  files['eval/cases.json'] = JSON.stringify({ version: 1, cases }, null, 2);
  writeFiles(cwd, files);
  return cwd;
}

/** Runs `diag-eval run` inside GitHub Actions; returns what it printed and wrote. */
async function run(cwd: string, out: string, formats: string) {
  const summary = join(cwd, `${out}-summary.md`);
  writeFileSync(summary, '');
  const fake = createFakeIo({ cwd, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } });
  const code = await main(['run', '--cases', 'eval/cases.json', '--out', out, '--format', formats], fake.io);
  const read = (name: string) => readFileSync(join(cwd, out, name), 'utf8');
  return {
    code,
    // The "wrote" lines name the out folder and the files, which differ between the two runs.
    stdout: fake.stdout().replace(/^wrote .*\n/gmu, ''),
    stderr: fake.stderr(),
    stepSummary: readFileSync(summary, 'utf8'),
    json: read('report.json'),
    md: read('report.md'),
    junit: read('report.junit.xml'),
    files: readdirSync(join(cwd, out)).sort(),
  };
}

describe('run writes its reports case by case', () => {
  it('S07, S08, S50, S51: 1,200 cases give the same reports, summary and annotations as the run that keeps the report in memory for report.html', async () => {
    const cwd = project(1_200);
    // report.html needs every case's trace details: that run keeps the whole report in memory.
    const inMemory = await run(cwd, 'out-memory', 'json,md,junit,html');
    const streamed = await run(cwd, 'out-streamed', 'json,md,junit');
    expect(streamed.code).toBe(1);
    expect(streamed.code).toBe(inMemory.code);
    expect(streamed.json).toBe(inMemory.json);
    expect(streamed.md).toBe(inMemory.md);
    expect(streamed.junit).toBe(inMemory.junit);
    expect(streamed.stdout).toBe(inMemory.stdout);
    expect(streamed.stderr).toBe(inMemory.stderr);
    expect(streamed.stepSummary).toBe(inMemory.stepSummary);
    // Failed, not run and warned cases are all there, annotated up to the limit.
    expect(streamed.stdout).toContain('::notice::diag-eval: ');
    expect(streamed.stdout).toContain('::warning ');
    expect(JSON.parse(streamed.json).cases).toHaveLength(1_200);
    // Only the reports stay in the out folder: the cases written out on the way are gone.
    expect(streamed.files).toEqual(['report.json', 'report.junit.xml', 'report.md']);
  });
});
