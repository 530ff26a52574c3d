import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EvalCase } from '../../src/cases/types.js';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { evaluateRun } from '../../src/evaluate/evaluate.js';
import { buildReport } from '../../src/report/build.js';
import { combineRuns } from '../../src/report/combine-runs.js';
import { renderReportJson, renderReportJsonChunks } from '../../src/report/render/json.js';
import { renderReportMarkdown, renderReportMarkdownChunks } from '../../src/report/render/markdown.js';
import type { CaseResult, Report } from '../../src/report/types.js';
import type { TraceRunInput } from '../../src/sources/types.js';
import { escapeTableCell, markdownText } from '../../src/view/markdown-escape.js';
import { makeEvalCase } from '../helpers/eval-case.js';
import { buildTrace, type TraceSpec, toolCall } from '../helpers/trace-builder.js';

afterEach(() => {
  vi.useRealTimers();
});

function evaluated(overrides: Partial<EvalCase>, spec: TraceSpec): CaseResult {
  const evalCase = makeEvalCase(overrides);
  return evaluateRun(
    evalCase,
    {
      kind: 'document',
      document: buildTrace(spec),
      traceFixture: `eval/fixtures/${evalCase.id}.json`,
      sessionId: null,
    },
    DEFAULT_CONTRACT,
  );
}

function notRun(id: string): CaseResult {
  const input: TraceRunInput = {
    kind: 'not_run',
    reason: `fixture not found: expected a trace file at eval/fixtures/${id}.json`,
    traceFixture: `eval/fixtures/${id}.json`,
    sessionId: null,
  };
  return evaluateRun(makeEvalCase({ id }), input, DEFAULT_CONTRACT);
}

/** Three cases: one passes, one fails two checks, one has no fixture. */
function sampleReport(): Report {
  return buildReport([
    evaluated(
      {
        id: 'payment-timeout-db-pool',
        requiredEvidenceTools: ['queryMetrics', 'queryLogs'],
        rootCauseKeywords: [['connection pool', '连接池'], 'exhausted'],
        minKeywordCoverage: 0.5,
      },
      {
        finalAnswer: '连接池耗尽 (connection pool exhausted)',
        toolInvocations: [toolCall('queryMetrics'), toolCall('queryLogs')],
        durationMs: 18423,
      },
    ),
    evaluated(
      {
        id: 'order-cpu-spike-after-deploy',
        requiredEvidenceTools: ['queryMetrics', 'queryProfiles'],
        rootCauseKeywords: ['regex', 'deploy'],
        allowedVerdicts: ['PASS'],
      },
      {
        verdict: 'revise',
        finalAnswer: 'The deploy raised CPU.',
        toolInvocations: [toolCall('queryMetrics')],
        durationMs: 900,
      },
    ),
    notRun('redis-eviction-cache-miss'),
  ]);
}

const CASE_KEYS = [
  'caseId',
  'status',
  'reason',
  'verdict',
  'failedChecks',
  'warnedChecks',
  'checks',
  'evidenceCoverage',
  'keywordCoverage',
  'toolCallCount',
  'durationMs',
  'tokens',
  'repeatedCalls',
  'traceFixture',
];

describe('renderReportJson (S07)', () => {
  it("S07: has the fields of docs/contract.md §6 with every object's keys in the fixed order", () => {
    const parsed = JSON.parse(renderReportJson(sampleReport())) as Record<string, unknown> & {
      summary: Record<string, unknown>;
      cases: Record<string, unknown>[];
    };
    expect(Object.keys(parsed)).toEqual(['schemaVersion', 'summary', 'cases']);
    expect(parsed['schemaVersion']).toBe(2);
    expect(Object.keys(parsed.summary)).toEqual([
      'total',
      'passed',
      'failed',
      'notRun',
      'casesWithWarnings',
      'passRate',
      'verdictDistribution',
      'avgToolCalls',
      'avgDurationMs',
      'avgTokens',
      'avgRepeatedCalls',
    ]);
    for (const result of parsed.cases) expect(Object.keys(result)).toEqual(CASE_KEYS);

    const [passed, failed] = parsed.cases as [Record<string, unknown>, Record<string, unknown>];
    expect(Object.keys(passed['evidenceCoverage'] as object)).toEqual(['required', 'covered', 'missing', 'ratio']);
    expect(Object.keys(passed['keywordCoverage'] as object)).toEqual([
      'concepts',
      'covered',
      'ratio',
      'min',
      'missing',
      'requiredMissing',
      'unasserted',
    ]);
    for (const row of passed['checks'] as object[]) expect(Object.keys(row)).toEqual(['check', 'outcome', 'message']);
    for (const row of failed['failedChecks'] as object[]) expect(Object.keys(row)).toEqual(['check', 'message']);
  });

  it('S07: per case: result, failed checks, verdict, evidence coverage, tool-call count and duration', () => {
    const parsed = JSON.parse(renderReportJson(sampleReport())) as Report;
    expect(parsed.summary).toEqual({
      total: 3,
      passed: 1,
      failed: 1,
      notRun: 1,
      casesWithWarnings: 0,
      passRate: 0.3333,
      verdictDistribution: { PASS: 1, REVISE: 1 },
      avgToolCalls: 1.5,
      avgDurationMs: 9661.5,
      avgTokens: null,
      avgRepeatedCalls: 0,
    });
    const failed = parsed.cases[1] as CaseResult;
    expect(failed).toMatchObject({
      caseId: 'order-cpu-spike-after-deploy',
      status: 'failed',
      reason: null,
      verdict: 'REVISE',
      evidenceCoverage: {
        required: ['queryMetrics', 'queryProfiles'],
        covered: ['queryMetrics'],
        missing: ['queryProfiles'],
        ratio: 0.5,
      },
      keywordCoverage: { concepts: 2, covered: 1, ratio: 0.5, min: 1, missing: ['regex'] },
      toolCallCount: 1,
      durationMs: 900,
      traceFixture: 'eval/fixtures/order-cpu-spike-after-deploy.json',
    });
    expect(failed.failedChecks.map((row) => row.check)).toEqual([
      'evidence-coverage',
      'verdict-allowed',
      'keyword-coverage',
    ]);
    expect(
      failed.checks.filter((row) => row.outcome === 'fail').map((row) => ({ check: row.check, message: row.message })),
    ).toEqual(failed.failedChecks);
    expect(parsed.cases[2]).toMatchObject({
      status: 'not_run',
      reason: 'fixture not found: expected a trace file at eval/fixtures/redis-eviction-cache-miss.json',
      checks: [],
    });
  });

  it('is 2-space indented JSON with one trailing newline', () => {
    const json = renderReportJson(sampleReport());
    expect(json.startsWith('{\n  "schemaVersion": 2,\n  "summary": {\n    "total": 3,')).toBe(true);
    expect(json.endsWith('}\n')).toBe(true);
    expect(json.endsWith('\n\n')).toBe(false);
  });

  it('with repeat, a case gains runs, passedRuns and flaky after its other keys; the summary gains repeat, passAtK, runPassRate', () => {
    const runs = [
      evaluated({ id: 'c' }, {}),
      evaluated({ id: 'c' }, { verdict: 'REJECT', finalAnswer: 'insufficient evidence' }),
    ];
    const report = buildReport([combineRuns(runs, ['s1', 's2'])], 2);
    const parsed = JSON.parse(renderReportJson(report)) as { summary: object; cases: object[] };
    expect(Object.keys(parsed.summary)).toEqual([
      'total',
      'passed',
      'failed',
      'notRun',
      'casesWithWarnings',
      'passRate',
      'verdictDistribution',
      'avgToolCalls',
      'avgDurationMs',
      'avgTokens',
      'avgRepeatedCalls',
      'repeat',
      'passAtK',
      'runPassRate',
      'runPassInterval',
    ]);
    expect(Object.keys(parsed.cases[0] as object)).toEqual([
      ...CASE_KEYS,
      'runs',
      'passedRuns',
      'flaky',
      'runPassRate',
      'runPassInterval',
      'checkFailureRates',
    ]);
    const run = (parsed.cases[0] as { runs: object[] }).runs[0] as object;
    expect(Object.keys(run)).toEqual([
      'sessionId',
      'status',
      'reason',
      'verdict',
      'failedChecks',
      'toolCallCount',
      'durationMs',
      'tokens',
      'repeatedCalls',
    ]);
  });
});

describe('renderReportJsonChunks', () => {
  const joined = (report: Report): string => [...renderReportJsonChunks(report)].join('');

  /** Enough cases for several chunks, with text JSON escapes (quotes, line breaks, U+2028, a lone surrogate) and CJK. */
  function manyCases(count: number): Report {
    const results = Array.from({ length: count }, (_, index) =>
      index % 7 === 3
        ? notRun(`absent-${index}`)
        : evaluated(
            {
              id: `case-${index}`,
              requiredEvidenceTools: ['queryMetrics', 'queryLogs'],
              rootCauseKeywords: [['连接池', 'pool'], `k${index}`],
            },
            {
              finalAnswer: `"quoted"\n连接池 ${index}\u2028\ud800`,
              toolInvocations: [toolCall('queryMetrics')],
              durationMs: index * 37,
            },
          ),
    );
    return buildReport(results);
  }

  /** report.json's text by its definition: the report as JSON.stringify writes it, 2-space indented, one trailing newline. */
  const stringified = (report: Report): string => `${JSON.stringify(report, null, 2)}\n`;

  it('joined, the chunks are the text of JSON.stringify byte for byte: few cases, many cases, none, repeat runs, the report read back', () => {
    const runs = [evaluated({ id: 'c' }, {}), evaluated({ id: 'c' }, { verdict: 'REVISE' })];
    const reports: Report[] = [
      sampleReport(),
      manyCases(1),
      manyCases(8),
      manyCases(9),
      manyCases(101),
      buildReport([]),
      buildReport([combineRuns(runs, ['s1', 's2'])], 2),
      JSON.parse(renderReportJson(manyCases(20))) as Report,
    ];
    for (const report of reports) {
      expect(joined(report)).toBe(stringified(report));
      expect(renderReportJson(report)).toBe(stringified(report));
    }
  });

  it('renders a large report in many small chunks, so that no chunk is report-sized', () => {
    const report = manyCases(101);
    const chunks = [...renderReportJsonChunks(report)];
    expect(chunks.length).toBeGreaterThan(10);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(renderReportJson(report).length / 5);
  });

  it('fields JSON.stringify leaves out or writes as null are rendered as JSON.stringify renders them', () => {
    const base = sampleReport();
    const odd = [
      { ...base, extra: undefined, note: () => 'skipped', more: { nested: [1, { a: [] }], empty: {} } },
      { cases: [], schemaVersion: 1 },
      { ...base, cases: [...base.cases, undefined, null] },
    ] as unknown as Report[];
    for (const report of odd) expect(joined(report)).toBe(stringified(report));
  });
});

describe('renderReportMarkdown (S08)', () => {
  it('S08 S70: a summary table with total, passed, failed, not run, pass rate, verdicts, average tool calls, repeated calls and duration', () => {
    const lines = renderReportMarkdown(sampleReport()).split('\n');
    const header = lines.indexOf(
      '| total | passed | failed | not run | pass rate | verdicts | avg tool calls | avg repeated calls | avg duration |',
    );
    expect(header).toBeGreaterThan(-1);
    expect(lines[header + 1]).toBe('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    expect(lines[header + 2]).toBe('| 3 | 1 | 1 | 1 | 33.3% | PASS 1 · REVISE 1 | 1.5 | 0 | 9.7 s |');
  });

  it('S08: one row per case with status, verdict, evidence, keywords, tool calls, duration and failed checks', () => {
    const markdown = renderReportMarkdown(sampleReport());
    const rows = markdown.split('\n').filter((line) => line.startsWith('| `'));
    expect(rows).toEqual([
      '| `payment-timeout-db-pool` | ✅ passed | PASS | 2/2 | 2/2 (min 50%) | 2 | 18.4 s | – |',
      '| `order-cpu-spike-after-deploy` | ❌ failed | REVISE | 1/2 (missing: queryProfiles) | 1/2 (min 100%), missing: regex | 1 | 900 ms | evidence-coverage, verdict-allowed, keyword-coverage |',
      '| `redis-eviction-cache-miss` | ⚠️ not run | – | – | – | – | – | – |',
    ]);
    expect(markdown).toContain(
      '| case | status | verdict | evidence | keywords | tool calls | duration | failed checks |',
    );
  });

  it('S08: below the tables, the message of every failed check and the reason of every case not run', () => {
    const report = sampleReport();
    const markdown = renderReportMarkdown(report);
    const failed = report.cases[1] as CaseResult;
    const section = markdown.slice(markdown.indexOf('## Failed checks'));
    expect(section).toContain('### `order-cpu-spike-after-deploy`');
    for (const failure of failed.failedChecks) expect(section).toContain(`- **${failure.check}**: ${failure.message}`);
    expect(markdown).toContain(
      '## Not run\n\n- `redis-eviction-cache-miss`: fixture not found: expected a trace file at eval/fixtures/redis-eviction-cache-miss.json',
    );
  });

  it('S08: `|` and line breaks in table cells are escaped, so every row keeps its columns', () => {
    const result = evaluated(
      { id: 'pipes', rootCauseKeywords: ['a|b', 'line\nbreak'], requiredEvidenceTools: ['tool|x'] },
      { verdict: 'PA|SS\r\nNOW', finalAnswer: 'nothing' },
    );
    const markdown = renderReportMarkdown(buildReport([result]));
    const row = markdown.split('\n').find((line) => line.startsWith('| `pipes`')) ?? '';
    expect(row).toContain('PA\\|SS<br>NOW');
    expect(row).toContain('missing: tool\\|x');
    expect(row).toContain('missing: a\\|b, line<br>break');
    // Splitting on pipes that are not escaped gives the 8 columns and the two empty ends.
    expect(row.split(/(?<!\\)\|/u)).toHaveLength(10);
    const distribution = markdown.split('\n').find((line) => line.startsWith('| 1 |')) ?? '';
    expect(distribution).toContain('PA\\|SS<br>NOW 1');
  });

  it('failed-check messages and not-run reasons outside tables stay on one line', () => {
    const failed = evaluated({ id: 'multi' }, {});
    const message = 'first line\n   second line';
    const withBreaks: CaseResult = {
      ...failed,
      status: 'failed',
      failedChecks: [{ check: 'degraded-output', message }],
    };
    const absent: CaseResult = { ...notRun('absent'), reason: 'service said:\n503' };
    const lines = renderReportMarkdown(buildReport([withBreaks, absent])).split('\n');
    expect(lines).toContain('- **degraded-output**: first line second line');
    expect(lines).toContain('- `absent`: service said: 503');
  });

  it('with repeat, the tables gain runs columns and a table of runs', () => {
    const runs = [evaluated({ id: 'c' }, {}), evaluated({ id: 'c' }, { verdict: 'REVISE' })];
    const report = buildReport([combineRuns(runs, ['s1', 's2'])], 2);
    const markdown = renderReportMarkdown(report);
    expect(markdown).toContain('| runs per case | pass@k | run pass rate |');
    expect(markdown).toContain('| `c` | ❌ failed | 1/2 (flaky) |');
    expect(markdown).toContain('## Runs');
    expect(markdown).toContain('| `c` | 2 | `s2` | ❌ failed | REVISE | verdict-allowed |');
  });
});

describe('escapeTableCell', () => {
  it.each([
    ['a|b', 'a\\|b'],
    ['a\\|b', 'a\\\\\\|b'],
    ['one\ntwo\r\nthree\rfour', 'one<br>two<br>three<br>four'],
    ['plain', 'plain'],
    ['verdict REVISE <!-- x', 'verdict REVISE &lt;!-- x'],
    ['`<init>` failed | <b>', '`<init>` failed \\| &lt;b>'],
    ['根因 <details>连接池</details>', '根因 &lt;details>连接池&lt;/details>'],
  ])('%j → %j', (input, expected) => {
    expect(escapeTableCell(input)).toBe(expected);
  });
});

describe('markdownText (S08)', () => {
  it.each([
    ['no markup at all', 'no markup at all'],
    ['the answer says <!-- hidden', 'the answer says &lt;!-- hidden'],
    ['a <details> fold and <img src=x>', 'a &lt;details> fold and &lt;img src=x>'],
    // A code span shows its text as it is: &lt; there would show as the four characters.
    ['`List<String>` then <b>', '`List<String>` then &lt;b>'],
    ['``a`b<`` <', '``a`b<`` &lt;'],
    ['an unmatched ` then <x', 'an unmatched ` then &lt;x'],
    ['AT&T &amp; co', 'AT&T &amp; co'],
    ['答案引用了 <!-- 注释', '答案引用了 &lt;!-- 注释'],
    ['`连接池<耗尽>` 与 <详情>', '`连接池<耗尽>` 与 &lt;详情>'],
  ])('S08 %j is shown as %j', (input, expected) => {
    expect(markdownText(input)).toBe(expected);
  });

  it('S08 a verdict or message quoting "<!--", or holding a lone CR, leaves the failures after it in report.md in view, each on its own item', () => {
    const quoting = evaluated(
      { id: 'verdict-with-markup', allowedVerdicts: ['PASS'] },
      {
        verdict: 'revise <!-- hidden',
        finalAnswer: 'The deploy raised CPU.',
        toolInvocations: [toolCall('queryMetrics')],
      },
    );
    const [, second] = sampleReport().cases as [CaseResult, CaseResult];
    const withCarriageReturn: CaseResult = {
      ...second,
      status: 'failed',
      failedChecks: [{ check: 'numeric-grounding', message: 'figure 42\rnot in the evidence' }],
    };
    const markdown = renderReportMarkdown(buildReport([quoting, withCarriageReturn]));
    expect(quoting.failedChecks.map((row) => row.check)).toContain('verdict-allowed');
    expect(markdown).toContain('- **verdict-allowed**: verdict "REVISE &lt;!-- HIDDEN"');
    expect(markdown).toContain('- **numeric-grounding**: figure 42 not in the evidence\n');
    expect(markdown).not.toContain('<!--');
    expect(markdown).not.toContain('\r');
  });
});

describe('report.md rendered in chunks (S08)', () => {
  /** The sample's three cases repeated `count` times, with ids of their own. */
  function repeatedReport(count: number, lastMessage: string | null = null): Report {
    const sample = sampleReport();
    const cases = Array.from({ length: count }, (_, index) => {
      const result = sample.cases[index % sample.cases.length] as CaseResult;
      return { ...result, caseId: `${result.caseId}-${index}` };
    });
    const last = cases[cases.length - 1] as CaseResult;
    if (lastMessage !== null)
      cases[cases.length - 1] = { ...last, failedChecks: [{ check: 'keyword-coverage', message: lastMessage }] };
    return buildReport(cases);
  }

  it.each([1, 3, 2_500])(
    'S08: the chunks of a %i-case report.md hold every case, in order, with its row and its failed checks',
    (count) => {
      const report = repeatedReport(count);
      const chunks = [...renderReportMarkdownChunks(report)];
      const page = chunks.join('');
      // renderReportMarkdown is these chunks joined; what they must hold is read off the page itself.
      const lines = page.split('\n');
      const rows = lines
        .filter((line) => /^\| `[^`]+-\d+` \|/u.test(line))
        .map((line) => line.slice(3, line.indexOf('` |')));
      expect(rows).toEqual(report.cases.map((result) => result.caseId));
      const failedHeadings = lines.filter((line) => line.startsWith('### `')).map((line) => line.slice(5, -1));
      expect(failedHeadings).toEqual(
        report.cases.filter((result) => result.failedChecks.length > 0).map((result) => result.caseId),
      );
      expect(page.startsWith('# Diagnosis evaluation report\n\n')).toBe(true);
      expect(page.endsWith('\n')).toBe(true);
      expect(page.endsWith('\n\n')).toBe(false);
      // Each case's row, its failed checks and its not-run line: a large page comes in many pieces.
      if (count === 2_500) expect(chunks.length).toBeGreaterThan(2);
    },
  );

  it.each([
    ['English', 'missing: pool exhausted   '],
    ['Chinese', '缺少：连接池耗尽 \n  '],
  ])(
    'S08: white space at the end of the page (%s message) is dropped, whichever chunk it starts in',
    (_language, message) => {
      const markdown = [...renderReportMarkdownChunks(repeatedReport(2_500, message))].join('');
      expect(markdown.endsWith(`: ${message.trim()}\n`)).toBe(true);
    },
  );
});

describe('rendering is deterministic', () => {
  it('S07, S08: re-rendering gives byte-identical files, also from the JSON read back, at any time of day', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-01-01T00:00:00Z'));
    const report = sampleReport();
    const json = renderReportJson(report);
    const markdown = renderReportMarkdown(report);
    vi.setSystemTime(new Date('2031-07-15T13:45:00Z'));
    expect(renderReportJson(sampleReport())).toBe(json);
    expect(renderReportMarkdown(sampleReport())).toBe(markdown);
    const readBack = JSON.parse(json) as Report;
    expect(renderReportJson(readBack)).toBe(json);
    expect(renderReportMarkdown(readBack)).toBe(markdown);
  });

  it('S07, S08: no timestamp, absolute path or host name in either file', () => {
    const report = sampleReport();
    for (const text of [renderReportJson(report), renderReportMarkdown(report)]) {
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/u);
      expect(text).not.toContain(process.cwd());
      expect(text).not.toMatch(/"\/[a-z]/u);
    }
  });
});
