import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReportFile, parseReportFile } from '../../src/diff/load-report.js';
import { InputError } from '../../src/io/errors.js';
import { makeCaseResult, makeReport } from './helpers.js';

const FILE = 'docs/eval/baseline/report.json';

const report = makeReport([
  makeCaseResult({ caseId: 'payment-timeout-db-pool' }),
  makeCaseResult({ caseId: 'cache-avalanche', outcomes: { 'evidence-coverage': 'fail' }, covered: ['queryMetrics'] }),
]);
const reportJson = `${JSON.stringify(report, null, 2)}\n`;

/** One run of a repeated case, as report.json keeps it. */
const RUN = {
  sessionId: 's1',
  status: 'passed',
  reason: null,
  verdict: 'PASS',
  failedChecks: [],
  toolCallCount: 3,
  durationMs: 10,
};

/** The problems of the InputError a parse throws; fails the test when it does not throw one. */
function problemsOf(text: string): string[] {
  try {
    parseReportFile(text, FILE);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).problems;
  }
  throw new Error('expected parseReportFile to throw an InputError');
}

async function loadProblems(path: string, displayName: string): Promise<string[]> {
  const error: unknown = await loadReportFile(path, displayName).then(
    () => new Error('expected loadReportFile to reject'),
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(InputError);
  return (error as InputError).problems;
}

describe('parseReportFile', () => {
  it('reads a report as the harness writes it', () => {
    expect(parseReportFile(reportJson, FILE)).toEqual(report);
  });

  it('keeps keys it does not know, such as runs from --repeat or fields of a newer harness', () => {
    const extended = structuredClone(report) as unknown as Record<string, any>;
    extended['generator'] = { future: true };
    extended['summary'].repeat = 3;
    extended['summary'].passAtK = 1;
    extended['cases'][0].runs = [{ ...RUN, extra: 1 }];
    extended['cases'][0].flaky = false;
    extended['cases'][0].checks[0].note = 'new';
    expect(parseReportFile(JSON.stringify(extended), FILE)).toEqual(extended);
  });

  it('reads a file that starts with a UTF-8 byte-order mark', () => {
    expect(parseReportFile(`\uFEFF${reportJson}`, FILE)).toEqual(report);
  });

  it('after a byte-order mark, positions still count from the first character of the JSON', () => {
    expect(problemsOf('\uFEFF{"schemaVersion": 1,}')).toEqual([
      expect.stringMatching(/^docs\/eval\/baseline\/report\.json:1:21: not valid JSON: .*line 1, column 21/),
    ]);
  });

  it.each([
    {
      name: 'a value missing',
      text: '{\n  "schemaVersion": 1,\n  "summary": }',
      place: ':3:14:',
      words: 'line 3, column 14',
    },
    { name: 'a trailing comma', text: '{\n  "schemaVersion": 1,\n}', place: ':3:1:', words: 'line 3, column 1' },
    { name: 'an empty file', text: '', place: ':1:1:', words: 'end of input' },
    { name: 'a bare word', text: '{"schemaVersion": NaN}', place: ':1:19:', words: 'line 1, column 19' },
  ])('text that is not JSON ($name) is one problem naming the file, line and column', ({ text, place, words }) => {
    const problems = problemsOf(text);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`${FILE}${place} not valid JSON`);
    expect(problems[0]).toContain(words);
  });

  it.each([3, 0])('schemaVersion %s is one problem naming the version found and the ones expected', (version) => {
    const problems = problemsOf(reportJson.replace(/"schemaVersion": \d+/u, `"schemaVersion": ${version}`));
    expect(problems).toEqual([
      `${FILE}:2:3: schemaVersion: found ${version}, expected 1 or 2 (this diag-eval reads report schema versions 1 and 2 and writes 2; regenerate the report with it)`,
    ]);
  });

  it('S76 a report of schema version 1 (before the repeated-run statistics) is still read', () => {
    const text = reportJson.replace(/"schemaVersion": \d+/u, '"schemaVersion": 1');
    expect(parseReportFile(text, FILE).schemaVersion).toBe(1);
  });

  it.each([
    {
      name: 'missing',
      text: reportJson.replace(/"schemaVersion": \d+,/u, ''),
      problem: `${FILE}:1:1: schemaVersion: missing; expected 1 or 2`,
    },
    {
      name: 'a string',
      text: reportJson.replace(/"schemaVersion": \d+/u, '"schemaVersion": "1"'),
      problem: `${FILE}:2:3: schemaVersion: found "1", expected 1 or 2`,
    },
  ])('schemaVersion $name is a problem', ({ text, problem }) => {
    expect(problemsOf(text)).toEqual([`${problem} (the report schema versions this diag-eval reads)`]);
  });

  it('names every problem, not only the first: file, line, JSON path, what was found and what was expected', () => {
    const broken = structuredClone(report) as unknown as Record<string, any>;
    broken['summary'].passRate = 1.5;
    broken['summary'].verdictDistribution = { PASS: -1 };
    delete broken['summary'].avgToolCalls;
    broken['cases'][1].status = 'passd';
    broken['cases'][1].checks[2].outcome = 'PASS';
    broken['cases'][0].evidenceCoverage = 'all';
    const problems = problemsOf(JSON.stringify(broken, null, 2));
    expect(problems).toEqual([
      expect.stringMatching(
        /^docs\/eval\/baseline\/report\.json:\d+:\d+: summary\.passRate: found 1\.5, expected a number from 0 to 1, or null$/,
      ),
      expect.stringMatching(
        /^docs\/eval\/baseline\/report\.json:\d+:\d+: summary\.verdictDistribution\.PASS: found -1, expected a whole number ≥ 0$/,
      ),
      expect.stringMatching(
        /^docs\/eval\/baseline\/report\.json:\d+:\d+: summary\.avgToolCalls: missing; expected a number or null$/,
      ),
      expect.stringMatching(
        /^docs\/eval\/baseline\/report\.json:\d+:\d+: cases\[0\]\.evidenceCoverage: found "all", expected an evidence coverage object or null$/,
      ),
      expect.stringMatching(
        /^docs\/eval\/baseline\/report\.json:\d+:\d+: cases\[1\]\.status: found "passd", expected one of "passed", "failed", "not_run"$/,
      ),
      expect.stringMatching(
        /^docs\/eval\/baseline\/report\.json:\d+:\d+: cases\[1\]\.checks\[2\]\.outcome: found "PASS", expected a lower-case outcome word such as "pass", "fail", "warn", "skip"$/,
      ),
    ]);
  });

  it.each([
    {
      name: '0',
      repeat: 0,
      problem: 'summary.repeat: found 0, expected the runs per case (--repeat K), a whole number from 1',
    },
    { name: '1.5', repeat: 1.5, problem: 'summary.repeat: found 1.5, expected a whole number ≥ 0' },
  ])('S76 summary.repeat $name is one problem, not one per case measured against it', ({ repeat, problem }) => {
    const repeated = structuredClone(report) as unknown as Record<string, any>;
    repeated['summary'].repeat = repeat;
    for (const caseResult of repeated['cases']) caseResult.runs = [{ ...RUN }, { ...RUN }];
    const problems = problemsOf(JSON.stringify(repeated, null, 2));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${FILE}:\\d+:\\d+: `, 'u'));
    expect(problems[0]).toContain(problem);
  });

  it('points at the line of the bad value', () => {
    const text = reportJson.replace('"status": "failed"', '"status": "broken"');
    const line = text.split('\n').findIndex((row) => row.includes('"broken"')) + 1;
    expect(problemsOf(text)).toEqual([expect.stringContaining(`${FILE}:${line}:`)]);
  });

  it('a case id present twice is a problem naming both places', () => {
    const text = reportJson.replace('"caseId": "cache-avalanche"', '"caseId": "payment-timeout-db-pool"');
    const line = text.split('\n').findLastIndex((row) => row.includes('"caseId"')) + 1;
    expect(problemsOf(text)).toEqual([
      `${FILE}:${line}:7: cases[1].caseId: found "payment-timeout-db-pool" again (already the id of cases[0]), expected each case id once`,
    ]);
  });

  it('a check listed twice in one case is a problem', () => {
    const twice = structuredClone(report);
    twice.cases[0]?.checks.push({ check: 'trace-loadable', outcome: 'fail', message: '' });
    const added = (twice.cases[0]?.checks.length ?? 0) - 1;
    expect(problemsOf(JSON.stringify(twice))).toEqual([
      expect.stringMatching(
        new RegExp(
          `^docs/eval/baseline/report\\.json:1:\\d+: cases\\[0\\]\\.checks\\[${added}\\]\\.check: found "trace-loadable" again \\(already in checks\\[0\\]\\), expected each check once per case$`,
          'u',
        ),
      ),
    ]);
  });

  it('a file that is not a report object says what was expected', () => {
    expect(problemsOf('[]')).toEqual([
      expect.stringMatching(
        /^docs\/eval\/baseline\/report\.json:1:1: \(top level\): found .*, expected a report object/,
      ),
    ]);
  });
});

describe('loadReportFile', () => {
  let folder = '';
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'diag-eval-diff-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('reads a report file', async () => {
    const path = join(folder, 'report.json');
    await writeFile(path, reportJson);
    await expect(loadReportFile(path, 'out/report.json')).resolves.toEqual(report);
  });

  it('reads a report file saved with a byte-order mark', async () => {
    const path = join(folder, 'bom.json');
    await writeFile(path, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(reportJson)]));
    await expect(loadReportFile(path, 'out/bom.json')).resolves.toEqual(report);
  });

  it('a missing file is an input error naming the file as the user gave it', async () => {
    const problems = await loadProblems(join(folder, 'absent.json'), 'docs/eval/baseline/absent.json');
    expect(problems).toEqual([
      expect.stringMatching(/^docs\/eval\/baseline\/absent\.json: cannot read the file \(no such file\)/),
    ]);
  });

  it('a folder is an input error', async () => {
    const path = join(folder, 'a-folder.json');
    await mkdir(path);
    expect(await loadProblems(path, 'a-folder.json')).toEqual([
      expect.stringMatching(/^a-folder\.json: cannot read the file \(.*folder/),
    ]);
  });

  it('bytes that are not UTF-8 are an input error naming the file', async () => {
    const path = join(folder, 'latin1.json');
    await writeFile(path, Buffer.from([0x7b, 0xff, 0x7d]));
    expect(await loadProblems(path, 'latin1.json')).toEqual([expect.stringMatching(/^latin1\.json: not UTF-8 text/)]);
  });

  it('a file that is not JSON names the file, line and column', async () => {
    const path = join(folder, 'broken.json');
    await writeFile(path, '{\n  "schemaVersion": 1\n  "summary": {}\n}\n');
    expect(await loadProblems(path, 'out/broken.json')).toEqual([
      expect.stringMatching(/^out\/broken\.json:3:3: not valid JSON: .*line 3, column 3/),
    ]);
  });
});
