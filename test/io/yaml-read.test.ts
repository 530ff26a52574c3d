import { describe, expect, it } from 'vitest';
import { resolveCaseFile } from '../../src/cases/resolve-cases.js';
import { resolveContract } from '../../src/config/contract.js';
import { parseYamlDocument } from '../../src/io/yaml/yaml-document.js';
import { BUNDLED_CASES_YAML as BUNDLED, documentedValue, problemsOf, readYaml as read } from '../helpers/yaml-edits.js';

// The seeded edits of the bundled case file: yaml-read.seeded.test.ts.

/**
 * A YAML case file or config is read by js-yaml and its problems are named by the yaml package
 * (YAML 1.2 core schema both): every file must get the value the yaml package gives it, and every
 * problem the place and the words the yaml package gives it.
 */

const SAME_VALUE: Array<[string, string]> = [
  ['YAML 1.1 booleans are text', 'a: yes\nb: no\nc: on\nd: off\ne: y\nf: n\n'],
  ['core booleans and nulls', 'a: true\nb: False\nc: TRUE\nd: null\ne: ~\nf:\ng: Null\n'],
  [
    'integers: decimal, octal 0o, hex, signs; leading zero is decimal',
    'a: 12\nb: 0o17\nc: 0x1F\nd: -3\ne: +4\nf: 012\ng: 1_000\nh: 0b101\n',
  ],
  ['floats, infinities and not-a-number', 'a: 1.5\nb: .5\nc: 1e3\nd: -.inf\ne: .Inf\nf: .nan\ng: 5.\n'],
  ['dates and times stay text', 'a: 2001-12-14\nb: 1:20\nc: 2001-12-14T21:59:43Z\n'],
  [
    'quoted, escaped, block and folded text',
    "a: '12'\nb: \"x\\ty \\u00e9\"\nc: |\n  one\n  two\nd: >-\n  one\n  two\ne: 'it''s'\n",
  ],
  ['Chinese text, keys and values', '问题: 为什么 checkout 服务变慢？\n根因关键词: [连接池, 耗尽]\n'],
  ['flow collections and comments', 'a: [1, "two", {b: c}]  # note\nb: {x: [], y: {}}\n'],
  [
    'a case file',
    'version: 1\ncases:\n  - id: pool-exhaustion\n    question: Why is checkout slow?\n    rootCauseKeywords: [pool, exhausted]\n    allowedVerdicts: [PASS]\n    maxToolCalls: 12\n',
  ],
  ['merge key is an ordinary key in 1.2', 'a:\n  <<: {b: 1}\n'],
  ['yes/no/on/off in a flow list', 'a: [yes, no, on, off, y, n, Yes, NO]\n'],
  ['octal: 0o17 is 15, 017 is 17', 'a: 0o17\nb: 017\n'],
  ['sexagesimal', 'a: 1:30\nb: 190:20:30\n'],
  ['timestamps', 'a: 2001-12-14\nb: 2001-12-14 21:59:43.10 -5\n'],
  ['merge keys in a flow map are ordinary keys', 'b: {x: 1}\na:\n  <<: {y: 2}\n'],
  ['binary and underscores are text', 'a: 0b101\nb: 1_000\n'],
  ['`=` and `~`', 'a: =\nb: ~\n'],
  ['an alias', 'a: &x 1\nb: *x\n'],
  ['a YAML 1.1 directive', '%YAML 1.1\n---\na: yes\n'],
  ['an empty file', ''],
  ['comments only', '# nothing yet\n'],
  ['the bundled case file', BUNDLED],
];

describe('YAML case files and configs: the value', () => {
  it.each(SAME_VALUE)('reads %s exactly as the yaml package does', (_name, text) => {
    expect(read(text).value).toEqual(documentedValue(text));
  });

  it('reads `yes`, `no`, `on` and `off` as text and `True` as a boolean (YAML 1.2 core, not 1.1)', () => {
    expect(read('a: yes\nb: no\nc: on\nd: off\ne: True\n').value).toEqual({
      a: 'yes',
      b: 'no',
      c: 'on',
      d: 'off',
      e: true,
    });
  });
});

describe('YAML case files and configs: the problems', () => {
  it.each([
    ['a duplicate key', 'a: 1\na: 2\n', 'cases.yaml:2:1: YAML syntax error'],
    ['a duplicate key in a flow map', 'a: {b: 1, b: 2}\n', 'cases.yaml:1:11: YAML syntax error'],
    ['a syntax error', 'a: b: c\n', 'cases.yaml:1:4: YAML syntax error'],
    [
      'a second document',
      'a: 1\n---\nb: 2\n',
      'cases.yaml:2:1: found a second YAML document (after a `---` line); expected one document per file',
    ],
    ['a tab as indentation', 'a:\n\t- 1\n', 'cases.yaml:2:1: YAML syntax error'],
  ])('names %s where the yaml package does', (_name, text, expected) => {
    const problems = problemsOf(() => read(text));
    expect(problems).toEqual(problemsOf(() => parseYamlDocument(text, 'cases.yaml')));
    expect(problems[0]).toContain(expected);
  });

  it('an unknown tag is the yaml package`s to read', () => {
    expect(read('a: !custom x\n').value).toEqual(documentedValue('a: !custom x\n'));
  });
});

const CASE_FILE = `version: 1
defaults:
  allowedVerdicts: [PASS, 'REVISE']
cases:
  - id: pool-exhaustion
    question: "Why is checkout slow?"
    rootCauseKeywords:
      - [connection pool, 连接池]
      - exhausted
    maxToolCalls: 12
  - {id: cpu-spike, question: 为什么 CPU 飙升？, 'allowedVerdicts': [PASS]}
  - id: "quoted-id"
    问题: 中文键
    audit:
      v2: true
`;

describe('YAML case files and configs: the place of a path', () => {
  it.each([
    [[], { line: 1, column: 1 }],
    [['version'], { line: 1, column: 1 }],
    [['defaults'], { line: 2, column: 1 }],
    [['defaults', 'allowedVerdicts', 1], { line: 3, column: 27 }],
    [['cases', 0], { line: 5, column: 5 }],
    [['cases', 0, 'id'], { line: 5, column: 5 }],
    [['cases', 0, 'question'], { line: 6, column: 5 }],
    [['cases', 0, 'rootCauseKeywords', 0, 1], { line: 8, column: 27 }],
    [['cases', 0, 'rootCauseKeywords', 5], { line: 8, column: 7 }],
    [['cases', 0, 'missingKey'], { line: 5, column: 5 }],
    [['cases', 1, 'question'], { line: 11, column: 21 }],
    [['cases', 1, 'allowedVerdicts', 0], { line: 11, column: 64 }],
    [['cases', 2, 'id'], { line: 12, column: 5 }],
    [['cases', 2, 'audit', 'v2'], { line: 15, column: 7 }],
    [['cases', 2, 'audit', 'v2', 'deeper'], { line: 15, column: 11 }],
    [['cases', 2, '问题'], { line: 13, column: 5 }],
    [['cases', 9], { line: 5, column: 3 }],
  ] as Array<[PropertyKey[], { line: number; column: number }]>)('%j', (path, expected) => {
    const located = read(CASE_FILE).locate(path);
    expect(located).toEqual(parseYamlDocument(CASE_FILE, 'cases.yaml').locate(path));
    expect(located).toEqual(expected);
  });
});

describe('YAML case files: the messages of broken files', () => {
  const caseProblems = (text: string) => problemsOf(() => resolveCaseFile(read(text), resolveContract(undefined)));
  const keyLines = BUNDLED.split('\n').flatMap((line, index) => (/^\s*(?:- )?[A-Za-z]+:/u.test(line) ? [index] : []));

  it('a misspelled key, on every line that has one', () => {
    const all = keyLines.map((index) => {
      const lines = BUNDLED.split('\n');
      lines[index] = (lines[index] as string).replace(/([A-Za-z]+):/u, '$1x:');
      const problems = caseProblems(lines.join('\n'));
      expect(problems.length, `line ${index + 1}`).toBeGreaterThan(0);
      return problems;
    });
    expect(all).toMatchSnapshot();
  });

  it.each([
    ['an unknown verdict', (text: string) => text.replace('[PASS, REVISE]', '[PASS, MAYBE]')],
    [
      'a duplicate id',
      (text: string) => text.replace('id: order-cpu-spike-after-deploy', 'id: payment-timeout-db-pool'),
    ],
    ['a number where text belongs', (text: string) => text.replace('sessionId: diag-0001', 'sessionId: 12')],
    ['text where a number belongs', (text: string) => text.replace('minKeywordCoverage: 1', 'minKeywordCoverage: all')],
    [
      'a budget key misspelled in a flow map',
      (text: string) => text.replace('{ maxDurationMs: 38000 }', '{ maxDuration: 38000 }'),
    ],
    [
      'text where a list belongs',
      (text: string) => text.replace('[queryMetrics, queryLogs, searchRunbook]', 'queryMetrics'),
    ],
    [
      'an audit conflict',
      (text: string) => text.replace('audit: { v2: true }', 'audit: { v2: true, claimChecks: false }'),
    ],
    [
      'a fixture path out of the folder',
      (text: string) => text.replace('sessionId: diag-0001', 'traceFixture: a/../../x.json'),
    ],
  ])('%s', (_name, edit) => {
    const text = edit(BUNDLED);
    expect(text).not.toBe(BUNDLED);
    const problems = caseProblems(text);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems).toMatchSnapshot();
  });
});

/** `count` cases `- id: cN`, case `quoted` (if any) with a quoted id that runs over a line looking like an item. */
function manyCases(count: number, quoted = -1): string {
  const items = Array.from({ length: count }, (_, index) =>
    index === quoted ? `  - id: "c${index}\n  - x"\n` : `  - id: c${index}\n    question: q${index}\n`,
  );
  return `version: 1\ncases:\n${items.join('')}`;
}

describe('YAML case files: the cases list read a case at a time', () => {
  it.each([
    ['130 cases, read in several pieces', manyCases(130)],
    ['a quoted text over lines inside a piece', manyCases(130, 10)],
    ['a quoted text over lines where one piece ends and the next starts', manyCases(130, 63)],
    ['a quoted text over lines in the last case', manyCases(130, 129)],
    ['cases at the top level', 'version: 1\ncases:\n- id: a\n- id: b\nother: 1\n'],
    [
      'comments and blank lines between the cases',
      'cases:\n  # one\n  - id: a\n\n    question: q\n  # two\n  - id: b\n',
    ],
    ['a block scalar in a case', 'cases:\n  - id: a\n    question: |\n      line\n      - not an item\n  - id: b\n'],
    ['a quoted text over lines', 'cases:\n  - id: "a\n  - b"\n  - id: c\n'],
    ['a quoted text before the list', 'a: "x\ncases:\n  - y\n"\ncases: [1]\n'],
    ['a key after the list', 'cases:\n  - id: a\ndefaults: {tags: [x]}\n'],
    ['an empty item', 'cases:\n  -\n  - id: a\n'],
    ['a flow list', 'cases: [{id: a}]\n'],
    ['a second cases key', 'cases:\n  - id: a\ncases:\n  - id: b\n'],
  ])('%s: as the yaml package reads it', (_name, text) => {
    expect(problemsOf(() => read(text))).toEqual(problemsOf(() => parseYamlDocument(text, 'cases.yaml')));
    if (problemsOf(() => read(text)).length === 0) expect(read(text).value).toEqual(documentedValue(text));
  });
});

/**
 * 200 cases of every shape a case takes (block and flow items, comments and blank lines between
 * them, nested maps and lists, Chinese keys), so that the list is read in four pieces; case
 * `index` starts on line `lineOf[index]` (1-based), counted as the text is written.
 */
function variedCases(): { text: string; lineOf: number[] } {
  const lines = ['version: 1', 'defaults:', '  allowedVerdicts: [PASS]', 'cases:'];
  const lineOf: number[] = [];
  for (let index = 0; index < 200; index += 1) {
    if (index % 7 === 0) lines.push(`  # case ${index}`, '');
    lineOf.push(lines.length + 1);
    if (index % 5 === 0) lines.push(`  - {id: c${index}, question: q${index}, tags: [a, b]}`);
    else
      lines.push(
        `  - id: c${index}`,
        `    question: "Why ${index}?"`,
        '    rootCauseKeywords:',
        `      - [pool, 连接池${index}]`,
        '    budget: { maxToolCalls: 3 }',
        `    问题: 中文${index}`,
      );
  }
  return { text: `${lines.join('\n')}\n`, lineOf };
}

describe('YAML case files read in pieces: the place of a path in a later piece', () => {
  const { text, lineOf } = variedCases();
  const paths: PropertyKey[][] = [
    ['version'],
    ['defaults', 'allowedVerdicts', 0],
    ...[0, 63, 64, 65, 127, 128, 130, 131, 199].flatMap((index) => [
      ['cases', index],
      ['cases', index, 'id'],
      ['cases', index, 'question'],
      ['cases', index, 'rootCauseKeywords', 0, 1],
      ['cases', index, 'budget', 'maxToolCalls'],
      ['cases', index, 'tags', 1],
      ['cases', index, '问题'],
      ['cases', index, 'missingKey'],
    ]),
    ['cases', 200],
    ['cases', -1],
    ['cases', 1.5],
  ];

  it.each(paths.map((path) => [JSON.stringify(path), path] as const))(
    '%s: where the whole document puts it',
    (_name, path) => {
      expect(read(text).locate(path)).toEqual(parseYamlDocument(text, 'cases.yaml').locate(path));
    },
  );

  it('names a misspelt key in the last case on its own line', () => {
    const misspelt = `${text}    requiredEvidenceTool: [queryLogs]\n`;
    const keyLine = misspelt.split('\n').length - 1;
    expect(problemsOf(() => resolveCaseFile(read(misspelt), resolveContract(undefined)))).toContain(
      `cases.yaml:${keyLine}:5: cases[199].requiredEvidenceTool: unknown key "requiredEvidenceTool" (did you mean "requiredEvidenceTools"?)`,
    );
    expect(lineOf[199]).toBe(keyLine - 6);
  });
});
