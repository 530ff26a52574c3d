import { createHash } from 'node:crypto';
import { whyNotCovered } from '../checks/keyword-coverage.js';
import { plural } from '../checks/support.js';
import { regressedCaseIds, regressionCount } from '../diff/regressed-cases.js';
import { summaryFigureRows } from '../diff/render/markdown.js';
import type { Diff } from '../diff/types.js';
import type { CaseDetails } from '../model/case-details.js';
import type { Report } from '../report/types.js';
import { formatCount, formatDuration, formatPercent } from '../view/format.js';
import { htmlText, scriptJson } from '../view/html-text.js';
import { code, htmlPage, summaryCards } from '../view/static-page.js';
import { BROWSER_SCRIPT } from './browser-script.js';
import { checkOutcomeChart, distributionCharts } from './charts.js';
import { intervalBarsSection } from './interval-bars.js';

export interface HtmlDiffInput {
  diff: Diff;
  labels: { baselinePath: string; currentPath: string };
  /** The baseline's cases, for the before/after view; null when only the diff is known. */
  baseline: Report | null;
}

export interface HtmlReportInput {
  /** The current report; its cases make the case table. */
  report: Report;
  /** One per case (report order), from the traces; null when only report.json was at hand (`diff`). */
  details: readonly CaseDetails[] | null;
  caseFile: string | null;
  diff: HtmlDiffInput | null;
  /** Which tab the page opens on. */
  initialTab: 'cases' | 'diff';
}

/**
 * report.html / diff.html (docs/contract.md §1, S53): one self-contained page, no network
 * access (inline CSS and script; a Content-Security-Policy that allows nothing else and only
 * this page's own script, by hash), the data embedded as JSON in `<script type="application/json">`.
 * Pure: the same input gives the same bytes. Text from traces reaches the page only through
 * that JSON (escaped) and the script's textContent, or escaped in the server-drawn summary.
 */
export function renderReportHtml(input: HtmlReportInput): string {
  const { report, diff } = input;
  const data = {
    initialTab: input.initialTab,
    caseFile: input.caseFile,
    report,
    details: input.details,
    notCoveredWhy: input.details === null ? {} : notCoveredWhy(report),
    diff:
      diff === null
        ? null
        : {
            summary: diff.diff.summary,
            items: diff.diff.items,
            baselinePath: diff.labels.baselinePath,
            currentPath: diff.labels.currentPath,
            baselineCases:
              diff.baseline?.cases.map((result) => ({
                caseId: result.caseId,
                status: result.status,
                verdict: result.verdict,
                failedChecks: result.failedChecks.map((failed) => failed.check),
              })) ?? [],
          },
  };
  const scriptHash = createHash('sha256').update(BROWSER_SCRIPT, 'utf8').digest('base64');
  const csp = `default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-${scriptHash}'`;
  const title = diff !== null && input.initialTab === 'diff' ? 'diag-eval diff' : 'diag-eval report';
  const subtitle = [
    input.caseFile === null ? null : `cases: ${input.caseFile}`,
    diff === null ? null : `baseline: ${diff.labels.baselinePath}`,
    diff === null ? null : `current: ${diff.labels.currentPath}`,
  ].filter((part): part is string => part !== null);
  const tabs: [string, string][] =
    input.initialTab === 'diff'
      ? [
          ['diff', 'Diff'],
          ['cases', 'Cases'],
        ]
      : [['cases', 'Cases']];
  if (diff !== null && input.initialTab !== 'diff')
    tabs.push(['diff', `Diff against the baseline (${regressionCount(diff.diff, false)})`]);
  return htmlPage({
    title,
    subtitle: subtitle.join(' \u00b7 '),
    // The policy is fixed text and a base64 hash: nothing in it needs escaping.
    contentSecurityPolicy: csp,
    header: [
      `<nav class="tabs" role="tablist">${tabs.map(([name, label]) => `<button type="button" role="tab" data-tab="${name}">${htmlText(label)}</button>`).join('')}</nav>`,
    ],
    main: [
      // What failed comes first, above the tabs' panels: it is what the reader opened the page for.
      attentionSection(report, diff?.diff ?? null),
      `<section data-panel="cases">${summarySection(report)}${caseTableSection()}${chartSection(report)}</section>`,
      diff === null
        ? ''
        : `<section data-panel="diff" id="diff" hidden>${diffSummary(diff.diff)}<div id="diff-view"></div></section>`,
      '<noscript><p>The case table and details need JavaScript; the summary above does not.</p></noscript>',
    ],
    trailer: [
      `<script type="application/json" id="diag-eval-data">${scriptJson(data)}</script>`,
      `<script>${BROWSER_SCRIPT}</script>`,
    ],
  });
}

/**
 * Why each mention the report records as not covering its concept does not count, in the words of
 * report.md's keyword-coverage messages ("is only asked about", "is the 3rd ranked cause, not the
 * conclusion"), keyed `<kind>|<place>` for the page's script. Only where the page shows the
 * details (a freshly evaluated report); `diff.html` lists no concepts.
 */
function notCoveredWhy(report: Report): Record<string, string> {
  const words = new Map<string, string>();
  for (const result of report.cases)
    for (const entry of result.keywordCoverage?.unasserted ?? [])
      words.set(`${entry.kind}|${entry.place ?? ''}`, whyNotCovered(entry));
  return Object.fromEntries(words);
}

function summarySection(report: Report): string {
  const { summary } = report;
  const cards: [string, string][] = [
    ['pass rate', formatPercent(summary.passRate)],
    ['cases', String(summary.total)],
    ['passed', String(summary.passed)],
    ['failed', String(summary.failed)],
    ['not run', String(summary.notRun)],
    ['avg tool calls', formatCount(summary.avgToolCalls)],
    ['avg repeated calls', formatCount(summary.avgRepeatedCalls ?? null)],
    ['avg duration', formatDuration(summary.avgDurationMs)],
  ];
  if (summary.repeat !== undefined) {
    cards.push(
      [`pass^${summary.repeat} (all runs pass)`, formatPercent(summary.passRate)],
      [`pass@${summary.repeat} (a run passes)`, formatPercent(summary.passAtK ?? null)],
      ['run pass rate', formatPercent(summary.runPassRate ?? null)],
    );
  }
  const verdicts = Object.entries(summary.verdictDistribution);
  const flaky = report.cases.filter((result) => result.flaky === true).map((result) => result.caseId);
  return [
    ...summaryCards(cards),
    `<p>Verdicts: ${verdicts.length === 0 ? '–' : verdicts.map(([verdict, count]) => `<b>${htmlText(verdict)}</b> ${count}`).join(', ')}</p>`,
    summary.repeat === undefined
      ? ''
      : `<p>Flaky cases (some runs passed, some not): ${flaky.length === 0 ? 'none' : flaky.map(code).join(', ')}</p>`,
    intervalBarsSection(report),
  ].join('\n');
}

/** The charts, below the case table: they summarise, the table names. Each scrolls in its own box on a narrow screen. */
function chartSection(report: Report): string {
  return [
    '<h2>Results per check</h2>',
    `<div class="charts">${checkOutcomeChart(report)}</div>`,
    '<h2>Cost</h2>',
    `<div class="charts">${distributionCharts(report)}</div>`,
  ].join('\n');
}

/** A link to a case's row in the table (the page's script opens it). */
function caseLink(caseId: string): string {
  return `<a href="#case-${htmlText(encodeURIComponent(caseId))}">${code(caseId)}</a>`;
}

/**
 * The first screen: the regressed cases (with a link to the diff), then every failing or not-run
 * case with its failing checks, each linking to its row; or that every case passed.
 */
function attentionSection(report: Report, diff: Diff | null): string {
  const regressed = diff === null ? [] : regressedCaseIds(diff);
  const diffLine =
    diff === null || diff.summary.regressions === 0
      ? ''
      : `<p class="attention-diff"><a href="#diff">${htmlText(regressionCount(diff))} against the baseline</a>${regressed.length > 0 ? `: ${regressed.map(caseLink).join(', ')}` : ''}</p>`;
  const notPassing = report.cases.filter((result) => result.status !== 'passed');
  const rows = notPassing.map((result) => {
    const what =
      result.status === 'not_run'
        ? htmlText(result.reason ?? '')
        : result.failedChecks.map((failed) => code(failed.check)).join(', ');
    const mark = regressed.includes(result.caseId) ? ' <span class="muted">(regressed)</span>' : '';
    return `<li data-case-id="${htmlText(result.caseId)}"><span class="status status-${result.status}">${htmlText(result.status.replace('_', ' '))}</span> ${caseLink(result.caseId)}${mark}: ${what}</li>`;
  });
  const heading =
    notPassing.length === 0
      ? `<h2>${report.summary.total === 0 ? 'No cases' : `All ${plural(report.summary.total, 'case')} passed`}</h2>`
      : `<h2>${htmlText(`${plural(notPassing.length, 'case')} of ${report.summary.total} did not pass`)}</h2>`;
  return `<section class="attention" aria-label="what failed">${heading}${diffLine}${rows.length === 0 ? '' : `<ul class="attention-cases">${rows.join('')}</ul>`}</section>`;
}

function caseTableSection(): string {
  return [
    '<h2>Cases</h2>',
    '<div class="controls">',
    '<label>Status <select id="status-filter"><option value="all">all</option><option value="failed">failed</option><option value="passed">passed</option><option value="not_run">not run</option><option value="warn">with warnings</option></select></label>',
    '<input type="search" id="search" placeholder="Search case id, check, verdict" aria-label="search cases">',
    '<span id="case-count" class="muted"></span>',
    '</div>',
    '<table class="cases"><thead><tr><th>status</th><th>case</th><th>verdict</th><th>failing checks / reason</th><th class="num">tool calls</th><th class="num">duration</th></tr></thead><tbody id="case-rows"></tbody></table>',
  ].join('\n');
}

function diffSummary(diff: Diff): string {
  const { summary } = diff;
  // As in diff.md, but without the tokens: a diff of reports that both predate S70 has no repeated-calls row.
  const rows = summaryFigureRows(summary, ['passRate', 'avgToolCalls', 'avgDurationMs', 'avgRepeatedCalls']).map(
    ([label, ...figures]) =>
      `<tr><th>${htmlText(label ?? '')}</th>${figures.map((figure) => `<td class="num">${htmlText(figure)}</td>`).join('')}</tr>`,
  );
  return [
    `<h2>Diff: <span class="status status-${summary.regressions > 0 ? 'regression' : 'improvement'}">${htmlText(summary.status)}</span></h2>`,
    `<p>${htmlText(regressionCount(diff))}, ${plural(summary.improvements, 'improvement')}, ${plural(summary.changes, 'change')}; regressions first.</p>`,
    '<table class="metrics"><tr><th>metric</th><th class="num">baseline</th><th class="num">current</th><th class="num">delta</th></tr>',
    ...rows,
    '</table>',
  ].join('\n');
}
