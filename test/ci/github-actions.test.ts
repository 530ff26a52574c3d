import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caseLinesOf } from '../../src/cases/case-lines.js';
import {
  CaseAnnotations,
  cutToLimit,
  reportToGithubActions,
  STEP_SUMMARY_LIMIT_BYTES,
} from '../../src/cli/github-actions.js';
import { main } from '../../src/cli/main.js';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { evaluateRun } from '../../src/evaluate/evaluate.js';
import { buildReport } from '../../src/report/build.js';
import { makeEvalCase } from '../helpers/eval-case.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { caseFileYaml, caseYaml, copyBundledEval, REPO_ROOT, writeFiles } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { buildTrace } from '../helpers/trace-builder.js';

const tempDir = useTempDirs();

/** The line of `- id: <id>` in the bundled case file, found independently of the loader. */
function lineOfCase(id: string): number {
  const lines = readFileSync(join(REPO_ROOT, 'eval', 'cases.yaml'), 'utf8').split('\n');
  return lines.findIndex((line) => line.trimEnd() === `  - id: ${id}`) + 1;
}

async function inActions(argv: string[], cwd: string, env: Record<string, string> = {}) {
  const summary = join(tempDir(), 'step-summary.md');
  writeFileSync(summary, 'earlier step\n');
  const fake = createFakeIo({ cwd, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary, ...env } });
  const code = await main(argv, fake.io);
  return { code, stdout: fake.stdout(), stderr: fake.stderr(), summary: readFileSync(summary, 'utf8') };
}

const annotations = (stdout: string): string[] => stdout.split('\n').filter((line) => line.startsWith('::'));

describe('GitHub Actions: step summary and annotations (S51)', () => {
  it('S51: run: appends report.md to $GITHUB_STEP_SUMMARY and annotates each failing case at its line in the case file', async () => {
    const out = relative(REPO_ROOT, tempDir());
    const { code, stdout, summary } = await inActions(
      ['run', '--fixtures', 'eval/examples/regressed', '--out', out],
      REPO_ROOT,
    );
    expect(code).toBe(1);
    expect(summary.startsWith('earlier step\n# Diagnosis evaluation report')).toBe(true);
    expect(summary).toBe(`earlier step\n${readFileSync(join(REPO_ROOT, out, 'report.md'), 'utf8')}`);
    expect(annotations(stdout)).toEqual([
      `::error file=eval/cases.yaml,line=${lineOfCase('payment-timeout-db-pool')},title=payment-timeout-db-pool::no-protocol-leak: the final answer leaks raw executor output: it contains protocol marker "evidence_bindings" (composer mode "parsed")`,
      expect.stringMatching(
        new RegExp(
          `^::error file=eval/cases\\.yaml,line=${lineOfCase('order-cpu-spike-after-deploy')},title=order-cpu-spike-after-deploy::evidence-coverage: required evidence tool not covered`,
          'u',
        ),
      ),
      // Two failing checks of one case are one annotation, one per line (%0A); % itself is written %25.
      expect.stringMatching(
        new RegExp(
          `^::error file=eval/cases\\.yaml,line=${lineOfCase('redis-eviction-cache-miss')},title=redis-eviction-cache-miss::keyword-coverage: .*%0Anumeric-grounding: the final answer states a figure found in no evidence: "97\\.4%25"$`,
          'u',
        ),
      ),
      `::error file=eval/cases.yaml,line=${lineOfCase('inventory-sync-kafka-lag')},title=inventory-sync-kafka-lag::verdict-allowed: verdict "REVISE" is not one of the allowed verdicts "PASS"`,
    ]);
  });

  it('S51: in a monorepo step (working-directory below $GITHUB_WORKSPACE) file= is the case file relative to the workspace', async () => {
    const workspace = tempDir();
    const project = join(workspace, 'services', 'agent');
    mkdirSync(project, { recursive: true });
    copyBundledEval(project);
    cpSync(join(REPO_ROOT, 'eval', 'examples', 'regressed'), join(project, 'eval', 'fixtures'), { recursive: true });
    const inside = await inActions(['run', '--quiet'], project, { GITHUB_WORKSPACE: workspace });
    expect(inside.code).toBe(1);
    const files = annotations(inside.stdout).map((line) => /^::error file=([^,]+),/u.exec(line)?.[1]);
    expect(files).toEqual(new Array(4).fill('services/agent/eval/cases.yaml'));
    // Without the workspace (or a case file outside it), the path relative to the working directory.
    const without = await inActions(['run', '--quiet'], project);
    expect(annotations(without.stdout)[0]).toMatch(/^::error file=eval\/cases\.yaml,/u);
  });

  it('S51: check: the diff comes first in the summary; one annotation per regressed case, and one for the pass rate', async () => {
    const out = relative(REPO_ROOT, tempDir());
    const { code, stdout, summary } = await inActions(
      ['check', '--fixtures', 'eval/examples/regressed', '--out', out],
      REPO_ROOT,
    );
    expect(code).toBe(1);
    const diffMd = readFileSync(join(REPO_ROOT, out, 'diff.md'), 'utf8');
    const reportMd = readFileSync(join(REPO_ROOT, out, 'report.md'), 'utf8');
    expect(summary).toBe(`earlier step\n${diffMd}\n${reportMd}`);
    const lines = annotations(stdout);
    expect(lines[0]).toBe(
      '::error file=eval/cases.yaml,title=diag-eval%3A passRate::passRate fell from 1 to 0.3333 (-0.6667)',
    );
    expect(
      lines.slice(1).map((line) => /^::error file=eval\/cases\.yaml,line=(\d+),title=([^:]+)::/u.exec(line)?.slice(1)),
    ).toEqual([
      [String(lineOfCase('payment-timeout-db-pool')), 'payment-timeout-db-pool'],
      [String(lineOfCase('order-cpu-spike-after-deploy')), 'order-cpu-spike-after-deploy'],
      [String(lineOfCase('redis-eviction-cache-miss')), 'redis-eviction-cache-miss'],
      [String(lineOfCase('inventory-sync-kafka-lag')), 'inventory-sync-kafka-lag'],
    ]);
    // A case's regressions are one annotation, one per line (%0A is the runner's line break).
    expect(lines[1]).toContain(
      'status went from passed to failed; failing checks: no-protocol-leak%0Apayment-timeout-db-pool: check no-protocol-leak now fails',
    );
  });

  it.each([
    ['--no-annotations', ['--no-annotations'], {}],
    ['annotations: false in the config', [], { 'diag-eval.config.yaml': 'annotations: false\n' }],
  ])('S51: %s turns the annotations off; the summary is still written', async (_label, flags, files) => {
    const cwd = tempDir();
    copyBundledEval(cwd);
    writeFiles(cwd, { 'eval/fixtures/payment-timeout-db-pool.json': '{"finalAnswer": 1}', ...files });
    const { code, stdout, summary } = await inActions(['run', ...flags], cwd);
    expect(code).toBe(1);
    expect(annotations(stdout)).toEqual([]);
    expect(summary).toContain('# Diagnosis evaluation report');
  });

  it('S51: outside GitHub Actions (GITHUB_ACTIONS unset or not "true") nothing is annotated or appended', async () => {
    const cwd = tempDir();
    copyBundledEval(cwd);
    writeFiles(cwd, { 'eval/fixtures/payment-timeout-db-pool.json': '{"finalAnswer": 1}' });
    const summary = join(cwd, 'summary.md');
    writeFileSync(summary, '');
    for (const env of [{ GITHUB_STEP_SUMMARY: summary }, { GITHUB_ACTIONS: 'false', GITHUB_STEP_SUMMARY: summary }]) {
      const fake = createFakeIo({ cwd, env });
      expect(await main(['run'], fake.io)).toBe(1);
      expect(annotations(fake.stdout())).toEqual([]);
    }
    expect(readFileSync(summary, 'utf8')).toBe('');
  });

  it('S51: a JSON case file: the line of the case object; at most 10 error annotations, then a notice', async () => {
    const cwd = tempDir();
    const ids = Array.from({ length: 12 }, (_, index) => `case-${index + 1}`);
    const file = {
      version: 1,
      cases: ids.map((id) => ({
        id,
        question: 'q',
        rootCauseKeywords: [],
        requiredEvidenceTools: [],
        allowedVerdicts: ['PASS'],
      })),
    };
    writeFiles(cwd, { 'eval/cases.json': `${JSON.stringify(file, null, 2)}\n` });
    const jsonLines = readFileSync(join(cwd, 'eval', 'cases.json'), 'utf8').split('\n');
    const { code, stdout } = await inActions(['run', '--cases', 'eval/cases.json'], cwd);
    expect(code).toBe(1);
    const lines = annotations(stdout);
    expect(lines).toHaveLength(11);
    const firstLine = Number(/line=(\d+)/u.exec(lines[0] ?? '')?.[1]);
    expect(jsonLines[firstLine - 1]?.trim()).toBe('{');
    expect(jsonLines[firstLine]?.trim()).toBe('"id": "case-1",');
    expect(lines[0]).toContain('title=case-1::not run: fixture not found');
    expect(lines[10]).toBe('::notice::diag-eval: 2 more failing cases not annotated; see the reports');
  });

  it('S51: a warn outcome is a ::warning; messages and properties are escaped for the runner', async () => {
    const evalCase = makeEvalCase({ id: 'warned' });
    const result = evaluateRun(
      evalCase,
      { kind: 'document', document: buildTrace(), traceFixture: null, sessionId: null },
      DEFAULT_CONTRACT,
    );
    const warned = {
      ...result,
      checks: [
        ...result.checks,
        { check: 'evidence-substance', outcome: 'warn' as never, message: '50% of calls, a:b\r\nnext' },
      ],
    };
    const lines: string[] = [];
    const fake = createFakeIo({ cwd: REPO_ROOT, env: { GITHUB_ACTIONS: 'true' } });
    await reportToGithubActions(
      { ...fake.io, workflowCommand: (line) => lines.push(line) },
      {
        caseAnnotations: CaseAnnotations.of(buildReport([warned]).cases),
        diff: null,
        cases: caseLinesOf({ cases: [evalCase], displayName: 'suites/a,b:c.yaml', lineOf: () => 7 }),
        summaryMarkdown: '',
        annotations: true,
      },
    );
    expect(lines).toEqual([
      '::warning file=suites/a%2Cb%3Ac.yaml,line=7,title=warned::evidence-substance: 50%25 of calls, a:b%0D%0Anext',
    ]);
  });

  it.each([
    ['under the limit: unchanged', 'short', 100, 'short'],
    [
      'ASCII: cut with a note, within the limit',
      'x'.repeat(STEP_SUMMARY_LIMIT_BYTES + 10),
      STEP_SUMMARY_LIMIT_BYTES,
      null,
    ],
    [
      'multi-byte text is never split inside a character',
      '根因'.repeat(STEP_SUMMARY_LIMIT_BYTES),
      STEP_SUMMARY_LIMIT_BYTES,
      null,
    ],
  ])('S51: the step summary is cut at 1 MiB: %s', (_label, text, limit, expected) => {
    const cut = cutToLimit(text, limit);
    if (expected !== null) {
      expect(cut).toBe(expected);
      return;
    }
    expect(Buffer.byteLength(cut, 'utf8')).toBeLessThanOrEqual(limit);
    expect(Buffer.byteLength(cut, 'utf8')).toBeGreaterThan(limit - 300);
    expect(cut).not.toContain('\ufffd');
    expect(
      cut.endsWith(
        "the summary was cut at 1 MiB, GitHub's limit for a step summary; the full reports are in the output folder.\n",
      ),
    ).toBe(true);
    expect(text.startsWith(cut.slice(0, cut.indexOf('\n\n> diag-eval')))).toBe(true);
  });
});

describe('GitHub Actions and --quiet (S51)', () => {
  it('S51: --quiet silences the summary lines, not the annotations: they are the errors CI shows', async () => {
    const cwd = tempDir();
    writeFiles(cwd, { 'eval/cases.yaml': caseFileYaml([caseYaml('only-case')]) });
    const { stdout } = await inActions(['run', '--quiet'], cwd);
    expect(annotations(stdout)[0]).toMatch(/^::error file=eval\/cases\.yaml,line=3,title=only-case::not run: /u);
  });
});
