import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import {
  type LocatedCases,
  loadCaseSequence,
  loadLocatedCaseFile,
  ONE_AT_A_TIME_FROM_BYTES,
} from '../../src/cases/case-lines.js';
import { CasesReadOneAtATime } from '../../src/cases/json-cases-one-at-a-time.js';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { InputError } from '../../src/io/errors.js';
import { REPO_ROOT } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

/**
 * A run reads a valid JSON case file a case at a time (loadCaseSequence), and anything else
 * whole (loadLocatedCaseFile): either way it must get the same cases, in the same order, with
 * the same lines, or the same problems, every one at once.
 */
type Outcome = { cases: unknown[]; lines: (number | null)[] } | { problems: string[] };

async function outcome(load: () => Promise<{ cases: Iterable<unknown> } & Lines>): Promise<Outcome> {
  try {
    const located = await load();
    const cases = Array.from(located.cases);
    return { cases, lines: cases.map((evalCase) => located.line((evalCase as { id: string }).id)) };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return { problems: error.problems };
  }
}

interface Lines {
  line(caseId: string): number | null;
}

function wholeLines(located: LocatedCases): Lines {
  return { line: (caseId) => located.lineOf(located.cases.findIndex((evalCase) => evalCase.id === caseId)) };
}

/** Both readings of the file `text`: the outcome of each, and whether the run's read it a case at a time. */
async function bothReadings(text: string | Buffer, severities: Record<string, 'warn'> = {}) {
  const path = join(tempDir(), 'cases.json');
  writeFileSync(path, text);
  let oneAtATime = false;
  const run = await outcome(async () => {
    // Read a case at a time from any size on, so that small files show what a large one gets.
    const located = await loadCaseSequence(path, 'cases.json', DEFAULT_CONTRACT, true, severities, 0);
    oneAtATime = located.cases instanceof CasesReadOneAtATime;
    return { cases: located.cases, line: (caseId: string) => located.lineOfCase(caseId) };
  });
  const whole = await outcome(async () => {
    const located = await loadLocatedCaseFile(path, 'cases.json', DEFAULT_CONTRACT, true, severities);
    return { cases: located.cases, ...wholeLines(located) };
  });
  return { run, whole, oneAtATime };
}

const entry = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  question: '支付接口为什么超时？ Why?',
  rootCauseKeywords: ['连接池', ['pool', 'exhausted'], { any: ['[{"x"}]'], required: true }],
  requiredEvidenceTools: ['queryLogs'],
  allowedVerdicts: ['PASS'],
  ...extra,
});
const indented = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

describe('loadCaseSequence: a valid JSON case file is read a case at a time, with the cases of the whole reading', () => {
  const valid: [string, string | Buffer][] = [
    [
      'indented, Chinese text, brackets and quotes inside strings',
      indented({ version: 1, cases: [entry('a'), entry('b')] }),
    ],
    ['on one line', JSON.stringify({ version: 1, cases: [entry('a'), entry('b')] })],
    [
      'defaults, $schema, policies and checks, the cases first',
      indented({
        cases: [entry('a', { checks: { 'numeric-grounding': 'off' } }), entry('b', { traceFixture: 'sub\\b.json' })],
        version: 1,
        $schema: '../schema/cases.schema.json',
        defaults: {
          minKeywordCoverage: 0.5,
          audit: { v2: true },
          budget: { maxToolCalls: 3 },
          checks: { 'token-budget': 'warn' },
        },
        policies: { rules: [{ any: '}]' }] },
      }),
    ],
    [
      'a byte-order mark',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(indented({ version: 1, cases: [entry('a')] }))]),
    ],
    [
      'escapes in keys and values, tabs and CR LF between tokens',
      '{\r\n\t"\\u0076ersion" : 1 ,\r\n\t"ca\\u0073es" : [ {"id":"a\\u002eb","question":"q \\"\\\\\\" }","rootCauseKeywords":[],"requiredEvidenceTools":[],"allowedVerdicts":["pass"]} ]\r\n}\r\n',
    ],
    [
      'a duplicate key inside a case (the last one wins, as JSON.parse reads it)',
      `{"version":1,"cases":[{"id":"x",${JSON.stringify(entry('a')).slice(1)}]}`,
    ],
    [
      'numbers written every way',
      indented({ version: 1, cases: [entry('a', { minKeywordCoverage: 1e-1, budget: { maxDurationMs: 2.5e3 } })] }),
    ],
  ];

  it.each(valid)('%s', async (_label, text) => {
    const { run, whole, oneAtATime } = await bothReadings(text);
    expect('cases' in whole).toBe(true);
    expect(run).toStrictEqual(whole);
    expect(oneAtATime).toBe(true);
  });

  it('the config file’s severities apply as in the whole reading', async () => {
    const { run, whole, oneAtATime } = await bothReadings(indented({ version: 1, cases: [entry('a')] }), {
      'duration-budget': 'warn',
    });
    expect(run).toStrictEqual(whole);
    expect(oneAtATime).toBe(true);
  });

  it('parses each case when the run comes to it, and hands out a new object each time', async () => {
    const path = join(tempDir(), 'cases.json');
    writeFileSync(path, indented({ version: 1, cases: [entry('a'), entry('b')] }));
    const { cases } = await loadCaseSequence(path, 'cases.json', DEFAULT_CONTRACT, false, {}, 0);
    expect(cases.length).toBe(2);
    expect(cases.at(1)?.id).toBe('b');
    expect(cases.at(0)).not.toBe(cases.at(0));
    expect(cases.at(2)).toBeUndefined();
    expect(cases.traceFixtures).toEqual(['a.json', 'b.json']);
  });
});

describe('loadCaseSequence: a JSON case file under ONE_AT_A_TIME_FROM_BYTES is read whole', () => {
  it('a file one byte short of it is held in memory; one of that size is read a case at a time', async () => {
    const path = join(tempDir(), 'cases.json');
    const text = indented({ version: 1, cases: [entry('a'), entry('b')] });
    writeFileSync(path, text);
    const size = Buffer.byteLength(text);
    const short = await loadCaseSequence(path, 'cases.json', DEFAULT_CONTRACT, false, {}, size + 1);
    expect(Array.isArray(short.cases)).toBe(true);
    const atSize = await loadCaseSequence(path, 'cases.json', DEFAULT_CONTRACT, false, {}, size);
    expect(atSize.cases).toBeInstanceOf(CasesReadOneAtATime);
    expect(Array.from(atSize.cases)).toStrictEqual(short.cases);
    expect(ONE_AT_A_TIME_FROM_BYTES).toBe(16 * 1024 * 1024);
  });
});

describe('loadCaseSequence: a JSON case file with anything to name is read whole, and every problem named at once', () => {
  const readWhole: [string, string | Buffer][] = [
    ['a syntax error inside a case', indented({ version: 1, cases: [entry('a')] }).replace('"PASS"', '"PASS",')],
    [
      'a syntax error between cases',
      indented({ version: 1, cases: [entry('a'), entry('b')] }).replace('},\n    {', '}\n    {'),
    ],
    ['text after the object', `${indented({ version: 1, cases: [entry('a')] })}x`],
    ['a second object', `${indented({ version: 1, cases: [entry('a')] })}{}`],
    [
      'a duplicate top-level key (the last one wins)',
      `{"version":1,"cases":[${JSON.stringify(entry('a'))}],"cases":[${JSON.stringify(entry('b'))}]}`,
    ],
    [
      'problems in three cases',
      indented({
        version: 1,
        cases: [
          entry('a', { requiredEvidenceTool: [] }),
          entry('b'),
          entry('b'),
          entry('c', { allowedVerdicts: ['MAYBE'] }),
        ],
      }),
    ],
    ['a problem in defaults', indented({ version: 1, defaults: { allowedVerdicts: ['MAYBE'] }, cases: [entry('a')] })],
    ['a missing field', indented({ version: 1, cases: [{ id: 'a', question: 'q' }] })],
    ['a text the schema trims (valid, read whole)', indented({ version: 1, cases: [entry('a', { question: ' q ' })] })],
    ['an empty list of cases', indented({ version: 1, cases: [] })],
    ['a case that is not an object', indented({ version: 1, cases: [entry('a'), 'b'] })],
    ['no cases', indented({ version: 1 })],
    ['a list at the top', indented([entry('a')])],
    ['version 2', indented({ version: 2, cases: [entry('a')] })],
    [
      'not UTF-8',
      Buffer.concat([Buffer.from('{"version":1,"cases":[{"id":"caf'), Buffer.from([0xe9]), Buffer.from('"}]}')]),
    ],
    ['an empty file', ''],
    ['a cut file', indented({ version: 1, cases: [entry('a'), entry('b')] }).slice(0, 200)],
  ];

  it.each(readWhole)('%s', async (_label, text) => {
    const { run, whole, oneAtATime } = await bothReadings(text);
    expect(run).toStrictEqual(whole);
    expect(oneAtATime).toBe(false);
  });

  it('problems in several cases are all named, each with its line and field', async () => {
    const { run } = await bothReadings(
      indented({
        version: 1,
        cases: [
          entry('a', { requiredEvidenceTool: [] }),
          entry('b'),
          entry('b'),
          entry('c', { allowedVerdicts: ['MAYBE'] }),
        ],
      }),
    );
    expect(run).toStrictEqual({
      problems: [
        expect.stringMatching(
          /^cases\.json:\d+:\d+: cases\[0\]\.requiredEvidenceTool: unknown key "requiredEvidenceTool"/u,
        ),
        expect.stringMatching(
          /^cases\.json:\d+:\d+: cases\[2\]\.id: duplicate case id "b", already used by cases\[1\]/u,
        ),
        expect.stringMatching(/^cases\.json:\d+:\d+: cases\[3\]\.allowedVerdicts\[0\]: found unknown verdict "MAYBE"/u),
      ],
    });
  });
});

describe('loadCaseSequence: agrees with the whole reading on random changes to the bundled case file as JSON', () => {
  it('400 seeded edits of the text (a character removed, doubled or put in): the same cases or the same problems', async () => {
    const bundled = parseYaml(readFileSync(join(REPO_ROOT, 'eval/cases.yaml'), 'utf8')) as unknown;
    const texts = [indented(bundled), JSON.stringify(bundled)];
    const pieces = ['{', '}', '[', ']', '"', ',', ':', '\\', ' ', '\n', 'x', '1', '"a"', '{}', '[]'];
    let state = 20_251_201;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    const tally = { oneAtATime: 0, whole: 0 };
    for (let round = 0; round < 400; round += 1) {
      const text = texts[round % 2] as string;
      const at = Math.floor(random() * text.length);
      const action = random();
      const piece = pieces[Math.floor(random() * pieces.length)] as string;
      const changed =
        action < 0.4
          ? text.slice(0, at) + text.slice(at + 1)
          : action < 0.6
            ? text.slice(0, at) + text.slice(at, at + 1) + text.slice(at)
            : text.slice(0, at) + piece + text.slice(at);
      const { run, whole, oneAtATime } = await bothReadings(changed);
      expect(run, changed).toStrictEqual(whole);
      tally[oneAtATime ? 'oneAtATime' : 'whole'] += 1;
    }
    expect(tally.oneAtATime).toBeGreaterThan(20);
    expect(tally.whole).toBeGreaterThan(200);
  });
});
