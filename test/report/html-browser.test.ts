import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { collectCaseDetails } from '../../src/evaluate/collect-details.js';
import { evaluateRun } from '../../src/evaluate/evaluate.js';
import { renderReportHtml } from '../../src/pages/render-html.js';
import { buildReport } from '../../src/report/build.js';
import type { CaseResult, CheckRow } from '../../src/report/types.js';
import { browserForTests, launchChromium } from '../helpers/browser.js';
import { makeEvalCase } from '../helpers/eval-case.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { copyBundledEval, REPO_ROOT, writeFiles } from '../helpers/project.js';
import { buildTrace, toolCall } from '../helpers/trace-builder.js';

/** Screenshots for people to look at after a run; not compared. */
const OUTPUT_DIR = join(REPO_ROOT, 'test-output');

const HOSTILE_ANSWER =
  '</script><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"> the connection pool is exhausted';

/** The browser, or null when there is none (the file then reports that it did not run, and why). */
const chromium = browserForTests();
let browser: { context: BrowserContext; close: () => Promise<void> };
let reportUrl: string;
/** One project for the whole file (the per-test temporary folders are removed after each test). */
let projectDir = '';

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

/** The report as a reader opens it (on its diff, since it regressed), then on the cases tab unless `onDiff`. */
async function openReport(
  options: { hash?: string; onDiff?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.context.newPage();
  if (options.viewport !== undefined) await page.setViewportSize(options.viewport);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${reportUrl}${options.hash ?? ''}`);
  await page.waitForSelector('html[data-ready="true"]');
  if (options.hash === undefined && options.onDiff !== true) await page.click('button[data-tab="cases"]');
  return { page, errors };
}

/** What the page's functions used below are (the tests are type-checked without the DOM's types). */
interface InPage {
  document: { documentElement: { scrollWidth: number } };
  getComputedStyle(node: unknown): { fontSize: string };
}
interface SvgBox {
  getBoundingClientRect(): { width: number };
  width: { baseVal: { value: number } };
}

const FAILED_IN_FILE_ORDER = [
  'payment-timeout-db-pool',
  'order-cpu-spike-after-deploy',
  'redis-eviction-cache-miss',
  'inventory-sync-kafka-lag',
];

const visibleCaseIds = (page: Page): Promise<string[]> =>
  page.$$eval('tr.case-row', (rows) =>
    rows
      .filter((row) => !(row as unknown as { hidden: boolean }).hidden)
      .map((row) => row.getAttribute('data-case-id') ?? ''),
  );

beforeAll(async () => {
  if (chromium === null) return;
  projectDir = realpathSync(mkdtempSync(join(tmpdir(), 'diag-eval-html-')));
  browser = await launchChromium(chromium);
  reportUrl = await writeRegressedReport();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (projectDir !== '') rmSync(projectDir, { recursive: true, force: true });
});

describe.runIf(chromium !== null)('report.html in a real browser (headless Chromium, S54)', () => {
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
    // The minimum is a ratio, shown as one.
    expect(await redis.locator('h3', { hasText: 'Keyword coverage' }).textContent()).toBe(
      'Keyword coverage (3 of 4, min 100%)',
    );
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
    expect(new URL(page.url()).hash).toBe('#diff');
    const kinds = await page.$$eval('tr.diff-item', (rows) => rows.map((row) => row.getAttribute('data-kind')));
    expect(kinds.slice(0, 11)).toEqual(new Array(11).fill('regression'));
    expect(kinds.slice(11).includes('regression')).toBe(false);
    const firstChanged = page.locator('table.before-after tr[data-case-id]').first();
    expect(await firstChanged.getAttribute('data-case-id')).toBe('payment-timeout-db-pool');
    expect(await firstChanged.textContent()).toMatch(/passed.*PASS.*failed.*PASS — no-protocol-leak/u);
    await page.close();
  });
});

describe.runIf(chromium !== null)('failures first, links, phone and print (S54)', () => {
  it("S54: check's page opens on its diff when something regressed; the first screen names the failing cases with their failing checks", async () => {
    const { page, errors } = await openReport({ onDiff: true });
    expect(await page.locator('section[data-panel="diff"]').isVisible()).toBe(true);
    expect(await page.locator('section[data-panel="cases"]').isHidden()).toBe(true);
    expect(await page.locator('button[data-tab="diff"]').textContent()).toBe(
      'Diff against the baseline (4 cases regressed)',
    );
    const attention = page.locator('section.attention');
    expect(await attention.locator('h2').textContent()).toBe('4 cases of 7 did not pass');
    expect(await attention.locator('.attention-diff').textContent()).toBe(
      `4 cases regressed (11 regression items) against the baseline: ${FAILED_IN_FILE_ORDER.join(', ')}`,
    );
    const named = await attention
      .locator('li')
      .evaluateAll((items) => items.map((item) => [item.getAttribute('data-case-id'), item.textContent]));
    expect(named).toEqual([
      ['payment-timeout-db-pool', 'failed payment-timeout-db-pool (regressed): no-protocol-leak'],
      ['order-cpu-spike-after-deploy', 'failed order-cpu-spike-after-deploy (regressed): evidence-coverage'],
      [
        'redis-eviction-cache-miss',
        'failed redis-eviction-cache-miss (regressed): keyword-coverage, numeric-grounding',
      ],
      ['inventory-sync-kafka-lag', 'failed inventory-sync-kafka-lag (regressed): verdict-allowed'],
    ]);
    // All of it is above the fold of a laptop screen.
    const bottom = await attention.evaluate((node) => node.getBoundingClientRect().bottom);
    expect(bottom).toBeLessThan(900);
    // Deltas in the unit of the figures beside them, with their sign.
    const metrics = await page.$$eval('table.metrics tr', (rows) =>
      rows.slice(1).map((row) => [...row.children].map((cell) => cell.textContent)),
    );
    expect(metrics).toEqual([
      ['pass rate', '100%', '42.9%', '-57.1 points'],
      ['avg tool calls', '4', '4.29', '+0.29'],
      ['avg duration', '23 s', '24.3 s', '+1.3 s'],
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('S54: the case table lists failing cases first, then the rest, each group in file order; the charts are below it', async () => {
    const { page } = await openReport();
    const shown = await visibleCaseIds(page);
    expect(shown.slice(0, 4)).toEqual(FAILED_IN_FILE_ORDER);
    const fileOrder = readFileSync(join(projectDir, 'eval', 'cases.yaml'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('  - id: '))
      .map((line) => line.slice('  - id: '.length));
    expect(shown.slice(4)).toEqual(fileOrder.filter((id) => !FAILED_IN_FILE_ORDER.includes(id)));
    const tableBottom = await page.locator('table.cases').evaluate((node) => node.getBoundingClientRect().bottom);
    const chartTop = await page
      .locator('svg.chart')
      .first()
      .evaluate((node) => node.getBoundingClientRect().top);
    expect(chartTop).toBeGreaterThan(tableBottom);
    await page.close();
  });

  it('S54: #case-<id> opens the case expanded on the cases tab, #diff the diff; the first screen links there', async () => {
    const linked = await openReport({ hash: '#case-redis-eviction-cache-miss' });
    expect(await linked.page.locator('section[data-panel="cases"]').isVisible()).toBe(true);
    expect(await linked.page.locator('tr.case-details[data-case-id="redis-eviction-cache-miss"]').isVisible()).toBe(
      true,
    );
    // A link of the first screen, followed on the diff tab: the case opens on the cases tab.
    await linked.page.click('button[data-tab="diff"]');
    await linked.page.click('section.attention li[data-case-id="inventory-sync-kafka-lag"] a');
    await expect
      .poll(() => linked.page.locator('tr.case-details[data-case-id="inventory-sync-kafka-lag"]').isVisible())
      .toBe(true);
    expect(await linked.page.locator('section[data-panel="cases"]').isVisible()).toBe(true);
    await linked.page.close();

    const diff = await openReport({ hash: '#diff' });
    expect(await diff.page.locator('section[data-panel="diff"]').isVisible()).toBe(true);
    await diff.page.click('button[data-tab="cases"]');
    await diff.page.click('section.attention .attention-diff a[href="#diff"]');
    await expect.poll(() => diff.page.locator('section[data-panel="diff"]').isVisible()).toBe(true);
    expect(diff.errors).toEqual([]);
    await diff.page.close();
  });

  it('S54: at 390 × 844 the page never scrolls sideways, chart and timeline text stays at 11 px or more, and long ids wrap', async () => {
    const { page, errors } = await openReport({ onDiff: true, viewport: { width: 390, height: 844 } });
    const scrollWidth = (): Promise<number> =>
      page.evaluate(() => (globalThis as unknown as InPage).document.documentElement.scrollWidth);
    expect(await scrollWidth()).toBeLessThanOrEqual(390);
    await page.click('button[data-tab="cases"]');
    expect(await scrollWidth()).toBeLessThanOrEqual(390);
    await page.click('tr.case-row[data-case-id="order-cpu-spike-after-deploy"]');
    await expect
      .poll(() => page.locator('tr.case-details[data-case-id="order-cpu-spike-after-deploy"]').isVisible())
      .toBe(true);
    expect(await scrollWidth()).toBeLessThanOrEqual(390);
    // The rendered size of SVG text: its font size times the scale the SVG is drawn at.
    const smallest = await page.$$eval('svg.chart text, svg.timeline text', (texts) =>
      Math.min(
        ...texts.map((node) => {
          const svg = node.closest('svg') as unknown as SvgBox;
          const scale = svg.getBoundingClientRect().width / svg.width.baseVal.value;
          return Number.parseFloat((globalThis as unknown as InPage).getComputedStyle(node).fontSize) * scale;
        }),
      ),
    );
    expect(smallest).toBeGreaterThanOrEqual(11);
    // The longest case id fits its cell, wrapping.
    const overflow = await page.$$eval('tr.case-row td.mono', (cells) =>
      cells.map((cell) => cell.scrollWidth - cell.clientWidth),
    );
    expect(Math.max(...overflow)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('S54: printed, the page shows both panels and every case, without tabs or controls', async () => {
    const { page } = await openReport({ onDiff: true });
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('section[data-panel="cases"]').isVisible()).toBe(true);
    expect(await page.locator('section[data-panel="diff"]').isVisible()).toBe(true);
    expect(await page.locator('nav.tabs').isVisible()).toBe(false);
    expect(await page.locator('.controls').isVisible()).toBe(false);
    expect(await page.locator('tr.case-row:visible').count()).toBe(7);
    await page.close();
  });
});

describe.runIf(chromium !== null)('check outcomes beyond pass, fail and skip in the browser (S54)', () => {
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

describe.runIf(chromium !== null)(
  'cases named like the properties of every object (constructor, toString) in the diff tab',
  () => {
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
  },
);
