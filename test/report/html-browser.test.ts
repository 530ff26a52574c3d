import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { DEFAULT_CONTRACT } from '../../src/contract.js';
import { evaluateRun } from '../../src/evaluate.js';
import { buildReport } from '../../src/report/build.js';
import { collectCaseDetails } from '../../src/report/details/collect-details.js';
import { renderReportHtml } from '../../src/report/render/html/render-html.js';
import type { CaseResult, CheckRow } from '../../src/report/types.js';
import { launchChromium } from '../helpers/browser.js';
import { makeEvalCase } from '../helpers/eval-case.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { copyBundledEval, REPO_ROOT, writeFiles } from '../helpers/project.js';
import { buildTrace, toolCall } from '../helpers/trace-builder.js';

/** Screenshots for people to look at after a run; not compared. */
const OUTPUT_DIR = join(REPO_ROOT, 'test-output');

const HOSTILE_ANSWER =
  '</script><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"> the connection pool is exhausted';

let browser: { context: BrowserContext; close: () => Promise<void> };
let reportUrl: string;
/** One project for the whole file (the per-test temporary folders are removed after each test). */
let projectDir: string;

/**
 * The report a reviewer opens after `check` on the regressed example, with one more case whose
 * trace holds script in its answer: a baseline from the bundled fixtures, then the regressed ones.
 */
async function writeRegressedReport(): Promise<string> {
  const cwd = projectDir;
  copyBundledEval(cwd);
  const casesPath = join(cwd, 'eval', 'cases.yaml');
  writeFiles(cwd, {
    'eval/cases.yaml': `${readFileSync(casesPath, 'utf8')}\n  - id: hostile-answer\n    question: "Why?"\n    rootCauseKeywords: [["connection pool"], ["exhausted"]]\n    requiredEvidenceTools: [queryMetrics]\n    allowedVerdicts: [PASS]\n`,
    'eval/fixtures/hostile-answer.json': buildTrace({
      finalAnswer: HOSTILE_ANSWER,
      durationMs: 2000,
      toolInvocations: [
        { ...toolCall('queryMetrics', 'supported', 300), startedAt: '2026-01-01T00:00:00.000Z' },
        {
          ...toolCall('queryLogs', 'failed', 900),
          startedAt: '2026-01-01T00:00:00.200Z',
          errorMessage: '<b>timeout</b>',
        },
      ],
    }),
  });
  const run = async (argv: string[]): Promise<number> => main(argv, createFakeIo({ cwd }).io);
  expect(await run(['baseline', '--quiet'])).toBe(0);
  cpSync(join(REPO_ROOT, 'eval', 'examples', 'regressed'), join(cwd, 'eval', 'fixtures'), { recursive: true });
  expect(await run(['check', '--format', 'json,md,html', '--quiet'])).toBe(1);
  return pathToFileURL(join(cwd, 'eval-out', 'report.html')).href;
}

async function openReport(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(reportUrl);
  await page.waitForSelector('html[data-ready="true"]');
  return { page, errors };
}

const visibleCaseIds = (page: Page): Promise<string[]> =>
  page.$$eval('tr.case-row', (rows) =>
    rows
      .filter((row) => !(row as unknown as { hidden: boolean }).hidden)
      .map((row) => row.getAttribute('data-case-id') ?? ''),
  );

beforeAll(async () => {
  projectDir = realpathSync(mkdtempSync(join(tmpdir(), 'diag-eval-html-')));
  browser = await launchChromium();
  reportUrl = await writeRegressedReport();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  rmSync(projectDir, { recursive: true, force: true });
});

describe('report.html in a real browser (headless Chromium, S54)', () => {
  it('S54: opens from file:// with no error; filter to failed, expand a case: its failing check and tool-call timeline are shown', async () => {
    const { page, errors } = await openReport();
    expect(await visibleCaseIds(page)).toHaveLength(7);
    await page.selectOption('#status-filter', 'failed');
    expect(await visibleCaseIds(page)).toEqual([
      'payment-timeout-db-pool',
      'order-cpu-spike-after-deploy',
      'redis-eviction-cache-miss',
      'inventory-sync-kafka-lag',
    ]);
    expect(await page.textContent('#case-count')).toBe('4 of 7 cases shown');

    await page.click('tr.case-row[data-case-id="order-cpu-spike-after-deploy"]');
    const details = page.locator('tr.case-details[data-case-id="order-cpu-spike-after-deploy"]');
    await expect.poll(() => details.isVisible()).toBe(true);
    const failing = details.locator('li.check-fail');
    expect(await failing.count()).toBe(1);
    expect(await failing.getAttribute('data-check')).toBe('evidence-coverage');
    expect(await failing.textContent()).toContain('required evidence tool not covered: "queryDeployments"');
    expect(await details.locator('ul.evidence li').allTextContents()).toContain('✗ queryDeployments not covered');
    // One bar per tool call in the regressed trace.
    const trace = JSON.parse(
      readFileSync(join(REPO_ROOT, 'eval', 'examples', 'regressed', 'order-cpu-spike-after-deploy.json'), 'utf8'),
    ) as { toolInvocations?: unknown[]; tool_invocations?: unknown[] };
    expect(await details.locator('svg.timeline rect').count()).toBe(
      (trace.toolInvocations ?? trace.tool_invocations ?? []).length,
    );
    expect(await details.locator('.answer mark').count()).toBeGreaterThan(0);
    const line =
      readFileSync(join(projectDir, 'eval', 'cases.yaml'), 'utf8')
        .split('\n')
        .indexOf('  - id: order-cpu-spike-after-deploy') + 1;
    expect(await details.locator('.case-source').textContent()).toBe(`Defined at eval/cases.yaml:${line}`);

    // S33 in the page: the redis answer names its culprit only to deny it, and the page says so, quoting the clause.
    await page.click('tr.case-row[data-case-id="redis-eviction-cache-miss"]');
    const redis = page.locator('tr.case-details[data-case-id="redis-eviction-cache-miss"]');
    await expect.poll(() => redis.isVisible()).toBe(true);
    const denied = redis.locator('ul.keywords li', { hasText: 'maxmemory / 内存上限' });
    expect(await denied.textContent()).toContain('✗ maxmemory / 内存上限 — only mentioned negated: ');
    expect(await denied.locator('q').textContent()).toContain('并未达到 maxmemory 上限');

    mkdirSync(OUTPUT_DIR, { recursive: true });
    await page.screenshot({ path: join(OUTPUT_DIR, 'html-report.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('S54: search by case id; a collapsed row expands and collapses', async () => {
    const { page } = await openReport();
    await page.fill('#search', 'KAFKA');
    expect(await visibleCaseIds(page)).toEqual(['inventory-sync-kafka-lag']);
    await page.fill('#search', 'evidence-coverage');
    expect(await visibleCaseIds(page)).toEqual(['order-cpu-spike-after-deploy']);
    await page.fill('#search', 'no-such-case');
    expect(await visibleCaseIds(page)).toEqual([]);
    await page.fill('#search', '');
    const row = page.locator('tr.case-row[data-case-id="redis-eviction-cache-miss"]');
    await row.click();
    expect(await row.locator('button.expand').getAttribute('aria-expanded')).toBe('true');
    await row.click();
    expect(await row.locator('button.expand').getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('tr.case-details[data-case-id="redis-eviction-cache-miss"]').isHidden()).toBe(true);
    await page.close();
  });

  it('S54: a hostile answer is shown as text and runs no script; start times place the timeline bars', async () => {
    const { page, errors } = await openReport();
    await page.fill('#search', 'hostile');
    await page.click('tr.case-row[data-case-id="hostile-answer"]');
    const details = page.locator('tr.case-details[data-case-id="hostile-answer"]');
    expect(await details.locator('.answer').textContent()).toBe(HOSTILE_ANSWER);
    expect(await details.locator('.answer img, .answer script').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await details.locator('.answer mark').allTextContents()).toEqual(['connection pool', 'exhausted']);
    const bars = await details
      .locator('svg.timeline rect')
      .evaluateAll((rects) => rects.map((rect) => [Number(rect.getAttribute('x')), rect.getAttribute('class')]));
    expect(bars).toHaveLength(2);
    expect((bars[1]?.[0] as number) > (bars[0]?.[0] as number)).toBe(true);
    expect(bars[1]?.[1]).toBe('call call-failed');
    expect(await details.locator('svg.timeline').textContent()).toContain('by start time');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('S54: the diff tab lists regressions first and each changed case before and after', async () => {
    const { page } = await openReport();
    expect(await page.locator('section[data-panel="diff"]').isHidden()).toBe(true);
    await page.click('button[data-tab="diff"]');
    expect(await page.locator('section[data-panel="diff"]').isVisible()).toBe(true);
    const kinds = await page.$$eval('tr.diff-item', (rows) => rows.map((row) => row.getAttribute('data-kind')));
    expect(kinds.slice(0, 11)).toEqual(new Array(11).fill('regression'));
    expect(kinds.slice(11).includes('regression')).toBe(false);
    const firstChanged = page.locator('table.before-after tr[data-case-id]').first();
    expect(await firstChanged.getAttribute('data-case-id')).toBe('payment-timeout-db-pool');
    expect(await firstChanged.textContent()).toMatch(/passed.*PASS.*failed.*PASS — no-protocol-leak/u);
    await page.close();
  });
});

describe('check outcomes beyond pass, fail and skip in the browser (S54)', () => {
  it('S54: a warn result is a warning (filter "with warnings", listed with the failing checks); an outcome the page does not know is shown as its text', async () => {
    const evalCase = makeEvalCase({ id: 'warned-case' });
    const input = {
      kind: 'document',
      document: buildTrace({ finalAnswer: 'fine' }),
      traceFixture: null,
      sessionId: null,
    } as const;
    const result = evaluateRun(evalCase, input, DEFAULT_CONTRACT);
    const extra = [
      { check: 'evidence-substance', outcome: 'warn', message: 'two tool results are empty' },
      { check: 'future-check', outcome: 'flagged', message: 'something new <b>' },
    ] as unknown as CheckRow[];
    const warned: CaseResult = { ...result, checks: [...result.checks, ...extra] };
    const plain = evaluateRun(makeEvalCase({ id: 'plain-case' }), input, DEFAULT_CONTRACT);
    const html = renderReportHtml({
      report: buildReport([plain, warned]),
      details: [
        collectCaseDetails(makeEvalCase({ id: 'plain-case' }), input, null),
        collectCaseDetails(evalCase, input, null),
      ],
      caseFile: 'eval/cases.yaml',
      diff: null,
      initialTab: 'cases',
    });
    const file = join(projectDir, 'outcomes.html');
    writeFileSync(file, html);
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('html[data-ready="true"]');
    await page.selectOption('#status-filter', 'warn');
    expect(await visibleCaseIds(page)).toEqual(['warned-case']);
    await page.click('tr.case-row[data-case-id="warned-case"]');
    const details = page.locator('tr.case-details[data-case-id="warned-case"]');
    expect(await details.locator('li.check-warn').textContent()).toBe(
      'warn evidence-substance: two tool results are empty',
    );
    expect(await details.locator('li.check-flagged').textContent()).toBe('flagged future-check: something new <b>');
    expect(await page.locator('svg.chart rect.bar-other').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('cases named like the properties of every object (constructor, toString) in the diff tab', () => {
  it('the diff tab shows cases named constructor, toString and hasOwnProperty before and after', async () => {
    const ids = ['constructor', 'toString', 'hasOwnProperty'];
    const passing = { kind: 'document', document: buildTrace(), traceFixture: null, sessionId: null } as const;
    const failing = { ...passing, document: buildTrace({ verdict: 'REJECT' }) } as const;
    const baseline = buildReport(ids.map((id) => evaluateRun(makeEvalCase({ id }), passing, DEFAULT_CONTRACT)));
    const current = buildReport(ids.map((id) => evaluateRun(makeEvalCase({ id }), failing, DEFAULT_CONTRACT)));
    const { compareReports } = await import('../../src/diff/compare.js');
    const diff = compareReports(baseline, current, { costTolerance: null });
    const html = renderReportHtml({
      report: current,
      details: null,
      caseFile: null,
      diff: { diff, labels: { baselinePath: 'base.json', currentPath: 'current.json' }, baseline },
      initialTab: 'diff',
    });
    const file = join(projectDir, 'object-named.html');
    writeFileSync(file, html);
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('html[data-ready="true"]');
    const rows = page.locator('table.before-after tr[data-case-id]');
    expect((await rows.evaluateAll((found) => found.map((row) => row.getAttribute('data-case-id')))).sort()).toEqual(
      [...ids].sort(),
    );
    for (const id of ids)
      expect(await page.locator(`table.before-after tr[data-case-id="${id}"]`).textContent()).toMatch(
        /passed.*failed/u,
      );
    expect(errors).toEqual([]);
    await page.close();
  });
});
