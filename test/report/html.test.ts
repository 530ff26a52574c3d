import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { collectCaseDetails } from '../../src/evaluate/collect-details.js';
import { makeEvalCase } from '../helpers/eval-case.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { copyBundledEval, REPO_ROOT, writeFiles } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { buildTrace, toolCall } from '../helpers/trace-builder.js';

const tempDir = useTempDirs();

const HOSTILE_ANSWER =
  '</script><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"> <!-- & \u2028 connection pool';

async function cli(argv: string[], cwd: string) {
  const fake = createFakeIo({ cwd });
  const code = await main(argv, fake.io);
  return { code, stdout: fake.stdout(), stderr: fake.stderr() };
}

const HOSTILE_CASE = [
  '  - id: hostile-answer',
  '    question: "<script>alert(1)</script>"',
  '    rootCauseKeywords: [["connection pool"]]',
  '    requiredEvidenceTools: ["<b>tool</b>"]',
  '    allowedVerdicts: [PASS]',
].join('\n');

/** The bundled suite plus a case whose trace holds markup in every text field it can. */
function hostileProject(): string {
  const cwd = tempDir();
  copyBundledEval(cwd);
  const cases = join(cwd, 'eval', 'cases.yaml');
  writeFiles(cwd, {
    'eval/cases.yaml': `${readFileSync(cases, 'utf8')}\n${HOSTILE_CASE}\n`,
    'eval/fixtures/hostile-answer.json': buildTrace({
      finalAnswer: HOSTILE_ANSWER,
      toolInvocations: [{ ...toolCall('<b>tool</b>'), errorMessage: '<i>boom</i>' }],
      verifier: {
        reason: '<script>alert(1)</script>',
        claim_checks: [{ claim_id: '<c1>', verification: 'supported', detail: '"><svg onload=alert(1)>' }],
      },
    }),
  });
  return cwd;
}

function dataBlock(html: string): string {
  const start = html.indexOf('<script type="application/json" id="diag-eval-data">');
  expect(start).toBeGreaterThan(-1);
  const from = start + '<script type="application/json" id="diag-eval-data">'.length;
  return html.slice(from, html.indexOf('</script>', from));
}

describe('report.html (S53)', () => {
  it('S53: one self-contained file: inline CSS and script, no URL to fetch, a CSP that allows only its own script; written even with --quiet', async () => {
    const cwd = hostileProject();
    // Exit 1: the hostile case's only evidence call errored, which evidence-substance fails; the page is written all the same.
    expect(await cli(['run', '--format', 'html', '--quiet'], cwd)).toEqual({ code: 1, stdout: '', stderr: '' });
    expect(existsSync(join(cwd, 'eval-out', 'report.json'))).toBe(false);
    const html = readFileSync(join(cwd, 'eval-out', 'report.html'), 'utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    const page = html.replace(dataBlock(html), '');
    // In-page links (#diff, #case-<id>) are the only ones: nothing names another resource.
    expect(page).not.toMatch(/<link|@import|url\(|\ssrc=|\shref="(?!#)/iu);
    expect(page).toMatch(/\shref="#/u);
    // The only URL is the SVG namespace the script creates elements in; nothing is fetched.
    expect(html.match(/https?:\/\/[^\s'"]*/gu)).toEqual(['http://www.w3.org/2000/svg']);
    expect(html.match(/<script/gu)).toHaveLength(2);
    const script = html.slice(html.lastIndexOf('<script>') + '<script>'.length, html.lastIndexOf('</script>'));
    const hash = createHash('sha256').update(script, 'utf8').digest('base64');
    expect(html).toContain(
      `content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-${hash}'"`,
    );
  });

  it('S53: trace text is data, never markup: the embedded JSON has no "<" and reads back to the exact answer', async () => {
    const cwd = hostileProject();
    await cli(['run', '--format', 'html', '--quiet'], cwd);
    const html = readFileSync(join(cwd, 'eval-out', 'report.html'), 'utf8');
    const block = dataBlock(html);
    expect(block).not.toMatch(/[<>]/u);
    const data = JSON.parse(block) as {
      details: { caseId: string; finalAnswer: string; toolCalls: { name: string; error: string }[] }[];
    };
    const hostile = data.details.find((detail) => detail.caseId === 'hostile-answer');
    expect(hostile?.finalAnswer).toBe(HOSTILE_ANSWER);
    expect(hostile?.toolCalls).toEqual([expect.objectContaining({ name: '<b>tool</b>', error: '<i>boom</i>' })]);
    // Outside the data block no trace text appears unescaped.
    const outside = html.replace(block, '');
    for (const fragment of ['window.__pwned', '<b>tool', '<i>boom', 'alert(1)', 'onerror'])
      expect(outside).not.toContain(fragment);
  });

  it('S53: byte-identical for the same input, whatever the folder it runs in', async () => {
    const first = hostileProject();
    const second = hostileProject();
    await cli(['run', '--format', 'html', '--quiet'], first);
    await cli(['run', '--format', 'html', '--quiet'], second);
    await cli(['run', '--format', 'html', '--quiet', '--out', 'again'], first);
    const html = readFileSync(join(first, 'eval-out', 'report.html'));
    expect(readFileSync(join(second, 'eval-out', 'report.html')).equals(html)).toBe(true);
    expect(readFileSync(join(first, 'again', 'report.html')).equals(html)).toBe(true);
  });

  it('S53: check writes report.html with a diff tab (no diff.html); diff writes diff.html opening on the diff', async () => {
    const out = tempDir();
    const check = await cli(
      ['check', '--fixtures', 'eval/examples/regressed', '--out', out, '--format', 'json,html'],
      REPO_ROOT,
    );
    expect(check.code).toBe(1);
    expect(existsSync(join(out, 'diff.html'))).toBe(false);
    const report = readFileSync(join(out, 'report.html'), 'utf8');
    expect(report).toContain('data-tab="diff">Diff against the baseline (4 cases regressed)</button>');
    const data = JSON.parse(dataBlock(report)) as {
      initialTab: string;
      diff: { items: { kind: string }[]; baselineCases: unknown[] };
    };
    expect(data.initialTab).toBe('cases');
    expect(data.diff.items.filter((item) => item.kind === 'regression')).toHaveLength(11);
    expect(data.diff.baselineCases).toHaveLength(6);

    const diff = await cli(
      ['diff', 'docs/eval/baseline/report.json', join(out, 'report.json'), '--out', out, '--format', 'html'],
      REPO_ROOT,
    );
    expect(diff.stderr.slice(0, 300)).toBe('');
    expect(diff.code).toBe(1);
    const diffData = JSON.parse(dataBlock(readFileSync(join(out, 'diff.html'), 'utf8'))) as {
      initialTab: string;
      details: unknown;
    };
    expect(diffData).toMatchObject({ initialTab: 'diff', details: null });
  });

  it('S53: an unknown format name lists the known ones; diff accepts no junit', async () => {
    expect((await cli(['run', '--format', 'htm'], REPO_ROOT)).stderr).toBe(
      'error: diag-eval run: --format: found "htm", expected a comma-separated list of json, md, junit, html\n',
    );
    expect((await cli(['diff', 'a.json', 'b.json', '--format', 'junit'], REPO_ROOT)).stderr).toBe(
      'error: diag-eval diff: --format: found "junit", expected a comma-separated list of json, md, html\n',
    );
  });

  it.each([
    [
      'a tool name that is a number, a duration that is text',
      { toolInvocations: [{ toolName: 42, durationMs: '12', evidenceStatus: 7, errorMessage: { code: 1 } }] },
      { name: '42', durationMs: null, evidenceStatus: '7', error: '{"code":1}' },
    ],
    [
      'snake_case and an ISO start time',
      { tool_invocations: [{ tool_name: 'queryLogs', duration_ms: 30, started_at: '2026-01-01T00:00:00.250Z' }] },
      { name: 'queryLogs', durationMs: 30, startOffsetMs: 0 },
    ],
  ])('S53: a trace field of a type the report does not expect is shown as text: %s', (_label, document, expected) => {
    const details = collectCaseDetails(
      makeEvalCase(),
      {
        kind: 'document',
        document: { finalAnswer: ['not', 'text'], ...document },
        traceFixture: null,
        sessionId: null,
      },
      3,
    );
    expect(details.toolCalls[0]).toMatchObject(expected);
    expect(details.finalAnswer).toBe('["not","text"]');
    expect(details.caseLine).toBe(3);
  });

  it('S53: the audit chain is read as the checks read it, camelCase twins inside selfEvaluation included', () => {
    const selfEvaluation = {
      verifierEvaluation: {
        verdict: 'PASS',
        gatekeeperResult: { status: 'pass', violations: [] },
        claimChecks: [{ claimId: 'c1', verification: 'supported', detail: 'pool at 50/50' }],
        composerOutput: { mode: 'parsed' },
      },
    };
    const details = collectCaseDetails(
      makeEvalCase(),
      { kind: 'document', document: buildTrace({ selfEvaluation }), traceFixture: null, sessionId: null },
      null,
    );
    expect(details.audit).toMatchObject({
      verdict: 'PASS',
      gatekeeperStatus: 'pass',
      claimChecks: [{ claimId: 'c1', verification: 'supported', detail: 'pool at 50/50' }],
      composerMode: 'parsed',
    });
  });

  it('S53: keyword coverage per concept names the synonym that matched (English and Chinese)', () => {
    const evalCase = makeEvalCase({ rootCauseKeywords: [['connection pool', '连接池'], '耗尽', ['deadlock', '死锁']] });
    const details = collectCaseDetails(
      evalCase,
      {
        kind: 'document',
        document: buildTrace({ finalAnswer: '数据库连接池已耗尽' }),
        traceFixture: null,
        sessionId: null,
      },
      null,
    );
    expect(details.keywords).toEqual([
      { synonyms: ['connection pool', '连接池'], matched: '连接池' },
      { synonyms: ['耗尽'], matched: '耗尽' },
      { synonyms: ['deadlock', '死锁'], matched: null },
    ]);
  });
});

describe('report.html in live mode (S53)', () => {
  it('S53: with --repeat the summary shows pass^k, pass@k and the flaky cases', async () => {
    const { renderReportHtml } = await import('../../src/pages/render-html.js');
    const { buildReport } = await import('../../src/report/build.js');
    const { combineRuns } = await import('../../src/report/combine-runs.js');
    const { evaluateRun } = await import('../../src/evaluate/evaluate.js');
    const { DEFAULT_CONTRACT } = await import('../../src/config/contract.js');
    const run = (answer: string) =>
      evaluateRun(
        makeEvalCase({ id: 'flaky<case>', forbiddenAnswerKeywords: ['down'] }),
        { kind: 'document', document: buildTrace({ finalAnswer: answer }), traceFixture: null, sessionId: null },
        DEFAULT_CONTRACT,
      );
    const runs = [run('fine'), run('the database is down')];
    const report = buildReport([combineRuns(runs, ['s1', 's2'])], 2);
    const html = renderReportHtml({
      report,
      details: null,
      caseFile: 'eval/cases.yaml',
      diff: null,
      initialTab: 'cases',
    });
    expect(html).toContain('<div class="value">0%</div><div class="label">pass^2 (all runs pass)</div>');
    expect(html).toContain('<div class="value">100%</div><div class="label">pass@2 (a run passes)</div>');
    expect(html).toContain('Flaky cases (some runs passed, some not): <code>flaky&lt;case&gt;</code>');
  });
});
