import { describe, expect, it } from 'vitest';
import { compareReports } from '../../src/diff/compare.js';
import { regressionCount, regressionVerdictLine } from '../../src/diff/regressed-cases.js';
import { renderDiffJson } from '../../src/diff/render/json.js';
import { renderDiffMarkdown } from '../../src/diff/render/markdown.js';
import type { Diff } from '../../src/diff/types.js';
import { escapeTableCell } from '../../src/view/markdown-escape.js';
import { makeCaseResult, makeReport } from './helpers.js';

const labels = { baselinePath: 'docs/eval/baseline/report.json', currentPath: 'eval-out/report.json' };

/** One regression, improvement and change of each kind the table sorts. */
function mixedDiff(): Diff {
  const baseline = makeReport([
    makeCaseResult({ caseId: 'payment-timeout-db-pool' }),
    makeCaseResult({ caseId: 'cache-avalanche', outcomes: { 'keyword-coverage': 'fail' } }),
  ]);
  const current = makeReport([
    makeCaseResult({
      caseId: 'payment-timeout-db-pool',
      outcomes: { 'evidence-coverage': 'fail' },
      covered: ['queryMetrics'],
      verdict: 'REVISE',
    }),
    makeCaseResult({ caseId: 'cache-avalanche' }),
    makeCaseResult({ caseId: 'disk-full-logs', toolCallCount: 5 }),
  ]);
  return compareReports(baseline, current, {});
}

describe('renderDiffJson (S24)', () => {
  it('S24 writes the summary fields and every item, keys in contract order, 2-space indent, trailing newline', () => {
    const diff = compareReports(
      makeReport([makeCaseResult({ caseId: 'payment-timeout-db-pool' })]),
      makeReport([makeCaseResult({ caseId: 'payment-timeout-db-pool', covered: ['queryMetrics'], status: 'passed' })]),
      {},
    );
    expect(renderDiffJson(diff)).toBe(`{
  "schemaVersion": 2,
  "summary": {
    "status": "regressed",
    "regressions": 1,
    "improvements": 0,
    "changes": 0,
    "passRate": {
      "baseline": 1,
      "current": 1,
      "delta": 0
    },
    "avgToolCalls": {
      "baseline": 3,
      "current": 3,
      "delta": 0
    },
    "avgDurationMs": {
      "baseline": 15000,
      "current": 15000,
      "delta": 0
    },
    "avgTokens": {
      "baseline": null,
      "current": null,
      "delta": null
    },
    "avgRepeatedCalls": {
      "baseline": null,
      "current": null,
      "delta": null
    },
    "significance": {
      "test": "fisher-exact-one-sided",
      "correction": "holm",
      "alpha": 0.05,
      "repeatedCases": 0,
      "note": "significance needs repeated runs on both sides: without them each change is judged on one run; run the cases K times (live: --ask --repeat K; offline: <name>.run1.json … <name>.runK.json fixtures)"
    }
  },
  "items": [
    {
      "kind": "regression",
      "scope": "evidence",
      "caseId": "payment-timeout-db-pool",
      "tool": "queryLogs",
      "metric": "coverage",
      "baseline": "covered",
      "current": "uncovered",
      "delta": null,
      "message": "payment-timeout-db-pool: required evidence tool queryLogs is no longer covered"
    }
  ]
}
`);
  });

  it('S24 the output parses back to the diff', () => {
    const diff = mixedDiff();
    expect(JSON.parse(renderDiffJson(diff))).toEqual(diff);
  });

  it('S24 is deterministic: the same input gives identical text, whatever the key order of the objects passed in', () => {
    const diff = mixedDiff();
    const shuffled = JSON.parse(
      JSON.stringify(diff, (_key, value: unknown) =>
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? Object.fromEntries(Object.entries(value).reverse())
          : value,
      ),
    ) as Diff;
    expect(Object.keys(shuffled)[0]).toBe('items');
    expect(renderDiffJson(shuffled)).toBe(renderDiffJson(diff));
    expect(renderDiffJson(mixedDiff())).toBe(renderDiffJson(diff));
  });
});

describe('renderDiffMarkdown (S25)', () => {
  it('S25 has a readable summary and one table of all items, regressions first, then improvements, then changes', () => {
    expect(renderDiffMarkdown(mixedDiff(), labels)).toBe(`# Baseline diff

**Status: regressed** — 1 case regressed (3 regression items), 3 improvements, 4 changes.

- Baseline: \`docs/eval/baseline/report.json\`
- Current: \`eval-out/report.json\`

| metric | baseline | current | delta |
| --- | ---: | ---: | ---: |
| pass rate | 50% | 66.7% | +16.7 points |
| avg tool calls | 3 | 3.67 | +0.67 |
| avg duration | 15 s | 15 s | 0 s |
| avg tokens | – | – | – |
| avg repeated calls | – | – | – |

Significance: significance needs repeated runs on both sides: without them each change is judged on one run; run the cases K times (live: --ask --repeat K; offline: <name>.run1.json … <name>.runK.json fixtures).

## Items

| kind | scope | case | metric | tool | baseline | current | delta | message |
| --- | --- | --- | --- | --- | --- | --- | ---: | --- |
| 🔴 regression | case | payment-timeout-db-pool | status | – | passed | failed | – | payment-timeout-db-pool: status went from passed to failed; failing checks: evidence-coverage |
| 🔴 regression | check | payment-timeout-db-pool | evidence-coverage | – | pass | fail | – | payment-timeout-db-pool: check evidence-coverage now fails: evidence-coverage message |
| 🔴 regression | evidence | payment-timeout-db-pool | coverage | queryLogs | covered | uncovered | – | payment-timeout-db-pool: required evidence tool queryLogs is no longer covered |
| 🟢 improvement | aggregate | – | passRate | – | 0.5 | 0.6667 | +0.1667 | passRate rose from 0.5 to 0.6667 (+0.1667) |
| 🟢 improvement | case | cache-avalanche | status | – | failed | passed | – | cache-avalanche: status went from failed to passed |
| 🟢 improvement | check | cache-avalanche | keyword-coverage | – | fail | pass | – | cache-avalanche: check keyword-coverage now passes (it failed in the baseline) |
| change | aggregate | – | avgToolCalls | – | 3 | 3.6667 | +0.6667 | avgToolCalls rose from 3 to 3.6667 (+0.6667, +22.2%) |
| change | verdict | – | REVISE | – | 0 | 1 | +1 | REVISE verdicts rose from 0 to 1 (+1) |
| change | case | payment-timeout-db-pool | verdict | – | PASS | REVISE | – | payment-timeout-db-pool: verdict changed from PASS to REVISE |
| change | case | disk-full-logs | presence | – | absent | present | – | disk-full-logs: case is new, not in the baseline (now passed) |
`);
  });

  it('S25 keeps items of one kind in diff order (a stable sort)', () => {
    const diff = mixedDiff();
    const rows = renderDiffMarkdown(diff, labels)
      .split('\n')
      .filter((line) => line.startsWith('| change |'))
      .map((line) => line.split(' | ').at(-1));
    const changes = diff.items.filter((item) => item.kind === 'change').map((item) => `${item.message} |`);
    expect(rows).toEqual(changes);
  });

  it('S25 an unchanged diff says so instead of an empty table', () => {
    const report = makeReport([makeCaseResult({ caseId: 'payment-timeout-db-pool' })]);
    const markdown = renderDiffMarkdown(compareReports(report, report, {}), labels);
    expect(markdown).toContain('**Status: unchanged** — 0 regressions, 0 improvements, 0 changes.');
    expect(markdown).toContain(
      '## Items\n\nNo differences: the current report matches the baseline on every compared value.\n',
    );
    expect(markdown).not.toContain('| kind |');
  });

  it('S25 escapes item cells: a pipe stays in its cell and a line break stays in its row', () => {
    const baseline = makeReport([makeCaseResult({ caseId: 'a' })]);
    const failing = makeCaseResult({ caseId: 'a', outcomes: { 'forbidden-answer-keywords': 'fail' } });
    const row = failing.checks.find((check) => check.check === 'forbidden-answer-keywords');
    if (row) row.message = 'found "A | B"\nin the answer';
    const markdown = renderDiffMarkdown(compareReports(baseline, makeReport([failing], baseline.summary), {}), labels);
    expect(markdown).toContain(
      '| 🔴 regression | check | a | forbidden-answer-keywords | – | pass | fail | – | a: check forbidden-answer-keywords now fails: found "A \\| B"<br>in the answer |',
    );
  });

  it('S25 names the reports only as given, in code spans that survive backticks', () => {
    const report = makeReport([makeCaseResult({ caseId: 'a' })]);
    const markdown = renderDiffMarkdown(compareReports(report, report, {}), {
      baselinePath: 'odd`name.json',
      currentPath: 'b.json',
    });
    expect(markdown).toContain('- Baseline: ``odd`name.json``\n- Current: `b.json`\n');
    expect(markdown).not.toContain(process.cwd());
  });

  it('S25 is deterministic: the same diff and labels give identical text', () => {
    expect(renderDiffMarkdown(mixedDiff(), labels)).toBe(renderDiffMarkdown(mixedDiff(), labels));
  });
});

describe('escapeTableCell', () => {
  it.each([
    { text: 'plain', cell: 'plain' },
    { text: 'a|b', cell: 'a\\|b' },
    { text: 'a\\|b', cell: 'a\\\\\\|b' },
    { text: 'one\ntwo\r\nthree\rfour', cell: 'one<br>two<br>three<br>four' },
    { text: 'C:\\temp', cell: 'C:\\temp' },
    { text: '', cell: '' },
  ])('$text → $cell', ({ text, cell }) => {
    expect(escapeTableCell(text)).toBe(cell);
  });
});

describe('regressions counted per case (regressionCount, regressionVerdictLine)', () => {
  const twoCases = (): Diff =>
    compareReports(
      makeReport([makeCaseResult({ caseId: 'a' }), makeCaseResult({ caseId: 'b' }), makeCaseResult({ caseId: 'c' })]),
      makeReport([
        // One dropped tool: the status, the check and the tool regress, three items of one case.
        makeCaseResult({ caseId: 'a', outcomes: { 'evidence-coverage': 'fail' }, covered: ['queryMetrics'] }),
        makeCaseResult({ caseId: 'b', outcomes: { 'verdict-allowed': 'fail' } }),
        makeCaseResult({ caseId: 'c' }),
      ]),
    );
  it.each([
    {
      name: 'no regression',
      diff: () =>
        compareReports(makeReport([makeCaseResult({ caseId: 'a' })]), makeReport([makeCaseResult({ caseId: 'a' })])),
      count: '0 regressions',
      line: 'no regressions',
    },
    {
      name: 'a dropped tool counts its case once; the fall of the pass rate is explained by the cases',
      diff: twoCases,
      count: '2 cases regressed (6 regression items)',
      line: '2 cases regressed: a, b',
    },
    {
      name: 'a cost beyond the tolerance, no case regressed',
      diff: () =>
        compareReports(
          makeReport([makeCaseResult({ caseId: 'a', toolCallCount: 2 })]),
          makeReport([makeCaseResult({ caseId: 'a', toolCallCount: 4 })]),
          { costTolerance: 0.1 },
        ),
      count: '1 regression',
      line: 'avgToolCalls regressed',
    },
    {
      name: 'a new failing case lowers the pass rate with no case regressed',
      diff: () =>
        compareReports(
          makeReport([makeCaseResult({ caseId: 'a' })]),
          makeReport([
            makeCaseResult({ caseId: 'a' }),
            makeCaseResult({ caseId: 'n', outcomes: { 'verdict-allowed': 'fail' } }),
          ]),
        ),
      count: '1 regression',
      line: 'passRate regressed',
    },
  ])('$name: $count / $line', ({ diff, count, line }) => {
    const made = diff();
    expect(regressionCount(made)).toBe(count);
    expect(regressionVerdictLine(made)).toBe(line);
  });
});
