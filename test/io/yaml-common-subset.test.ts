import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { parseStructuredText } from '../../src/io/structured-file.js';
import { loadCommonYaml } from '../../src/io/yaml-common-subset.js';
import { parseYamlDocument } from '../../src/io/yaml-document.js';
import { loadYamlQuickly } from '../../src/io/yaml-quick.js';
import { REPO_ROOT } from '../helpers/project.js';
import { mutateText, randomSource } from '../helpers/yaml-edits.js';

/**
 * The subset reader is the first of three YAML readers: it must give every text it reads
 * exactly the value the fast parser (js-yaml) and the documented parser (yaml, YAML 1.2 core
 * schema) give it, and return null for everything else, so that they decide.
 */
function documentedValue(text: string): unknown {
  return parseYamlDocument(text, 'cases.yaml').value;
}

const READ_BY_THE_SUBSET: Array<[string, string]> = [
  ['YAML 1.1 booleans are text', 'a: yes\nb: no\nc: on\nd: off\ne: y\nf: n\ng: Yes\nh: ON\n'],
  [
    'core booleans and nulls in every spelling',
    'a: true\nb: False\nc: TRUE\nd: null\ne: ~\nf:\ng: Null\nh: NULL\ni: nULL\nj: tRUE\n',
  ],
  [
    'integers: decimal, octal 0o, hex, signs; a leading zero is decimal',
    'a: 12\nb: 0o17\nc: 0x1F\nd: -3\ne: +4\nf: 012\ng: 1_000\nh: 0b101\ni: 0\nj: 123456789012345\n',
  ],
  ['floats', 'a: 1.5\nb: .5\nc: 1e3\nf: 5.\ng: 0.25\nh: -0.5\ni: 1.0\n'],
  ['negative zero', 'a: -0\nb: -0.0\n'],
  [
    'dates, times and sexagesimal numbers stay text',
    'a: 2001-12-14\nb: 1:20\nc: 2001-12-14T21:59:43Z\nd: 190:20:30\ne: 14:05\n',
  ],
  ['text that starts like a number', 'a: 50/50\nb: 1,000\nc: 3 retries\nd: 1.2.3\ne: -x\nf: 10ms\n'],
  [
    'quoted text with JSON escapes, and single quotes',
    "a: '12'\nb: \"x\\ty \\u00e9 \\\" \\\\ \\/\"\nc: 'it''s'\nd: \"\"\ne: ''\nf: \"# not a comment\"\n",
  ],
  [
    'plain text with inner punctuation',
    'a: http://example.com/a#b\nb: a[0], b{1}\nc: it\'s "quoted"\nd: x:y\ne: 100%\n',
  ],
  ['Chinese text', 'question: 为什么 checkout 服务变慢？\nkeywords: [连接池, "耗尽", \'超时\']\n'],
  [
    'flow collections, nested, with comments',
    'a: [1, "two", {b: c}]  # note\nb: {x: [], y: {}}\nc: [[a, b], [c]]\nd: { any: [x, y], required: true }\n',
  ],
  [
    'JSON flow collections',
    'defaults: {"minKeywordCoverage":1,"budget":{"maxToolCalls":8,"maxDurationMs":60000},"tags":["mvp"]}\nb: {"a b": [1, 2.5, true, null], "c" : "d"}\n',
  ],
  ["block sequences, also at the key's indentation", 'a:\n  - 1\n  - x\nb:\n- 2\n- {c: d}\nc: 3\n'],
  [
    'sequences of mappings with comments between',
    'cases:\n  # first\n  - id: a\n    tags: [x]\n\n  # second\n  -   id: b\n      q: c\n',
  ],
  ['keys with dashes, dots and dollars', '$schema: ./x.json\nnumeric-grounding: warn\na.b: 1\n_c: 2\n'],
  ['a mapping value on the lines below, and an empty value at the end', 'a:\n  b:\n    c: 1\n  d: 2\ne:\n'],
  [
    'a case file',
    'version: 1\ncases:\n  - id: pool-exhaustion\n    question: Why is checkout slow?\n    rootCauseKeywords: [pool, exhausted]\n    allowedVerdicts: [PASS]\n    budget: { maxToolCalls: 12 }\n',
  ],
];

const LEFT_TO_THE_OTHER_PARSERS: Array<[string, string]> = [
  ['a duplicate key', 'a: 1\na: 2\n'],
  ['a duplicate key in a flow map', 'a: {b: 1, b: 2}\n'],
  ['a mapping value where text is expected', 'a: b: c\n'],
  ['a second document', 'a: 1\n---\nb: 2\n'],
  ['a document end marker', 'a: 1\n...\n'],
  ['an anchor and an alias', 'a: &x 1\nb: *x\n'],
  ['a merge key', 'base: {b: 1}\na:\n  <<: {c: 2}\n'],
  ['a YAML 1.1 directive', '%YAML 1.1\n---\na: yes\n'],
  ['an empty file', ''],
  ['comments only', '# nothing yet\n'],
  ['a tag', 'a: !!str 1\n'],
  ['a tab', 'a:\n\t- 1\n'],
  ['CR LF line ends', 'a: 1\r\nb: 2\r\n'],
  ['a literal block scalar', 'a: |\n  one\n  two\n'],
  ['a folded block scalar', 'a: >-\n  one\n'],
  ['plain text over two lines', 'a: one\n  two\n'],
  ['quoted text over two lines', 'a: "one\n  two"\n'],
  ['a flow list over two lines', 'a: [1,\n  2]\n'],
  ['a trailing comma in a flow list', 'a: [1, 2, ]\n'],
  ['a quoted key', '"a": 1\n'],
  ['a key named __proto__', '__proto__: {a: 1}\n'],
  ['a JSON key named __proto__', 'a: {"__proto__": 1}\n'],
  ['a duplicate JSON key', 'a: {"b": 1, "b": 2}\n'],
  ['a key that the core schema reads as a boolean', 'true: 1\n'],
  ['a YAML escape JSON lacks', 'a: "\\x41"\n'],
  ['a complex key', '? a\n: b\n'],
  ['a key on a more indented line', 'a: 1\n  b: 2\n'],
  ['a top-level scalar', 'hello\n'],
  ['a top-level mapping that is indented', '  a: 1\n'],
  ['text after a quoted scalar', 'a: "b" c\n'],
  ['an unclosed quote', 'a: "b\n'],
  ['a byte-order mark', '\uFEFFa: 1\n'],
  ['a comment with no space before it after a flow list', 'a: [1]# c\n'],
  ['a flow map entry without a value', 'a: {b}\n'],
  ['a sequence item that is itself a sequence', 'a:\n  - - 1\n'],
  ['infinities and not-a-number, which JSON cannot write', 'a: -.inf\nb: .Inf\nc: .nan\n'],
];

describe('loadCommonYaml: the subset it reads', () => {
  it.each(READ_BY_THE_SUBSET)('reads %s as js-yaml and the documented parser do', (_name, text) => {
    const subset = loadCommonYaml(text);
    expect(subset).not.toBeNull();
    expect(subset?.value).toStrictEqual(load(text, { schema: CORE_SCHEMA }));
    expect(subset?.value).toEqual(documentedValue(text));
  });

  it('reads `yes`, `no`, `on` and `off` as text and `True` as a boolean (YAML 1.2 core, not 1.1)', () => {
    expect(loadCommonYaml('a: yes\nb: no\nc: on\nd: off\ne: True\n')?.value).toEqual({
      a: 'yes',
      b: 'no',
      c: 'on',
      d: 'off',
      e: true,
    });
  });

  it.each(LEFT_TO_THE_OTHER_PARSERS)('leaves a file with %s to the other parsers', (_name, text) => {
    expect(loadCommonYaml(text)).toBeNull();
  });

  it('reads the bundled case file, as both other parsers do', () => {
    const text = readFileSync(join(REPO_ROOT, 'eval/cases.yaml'), 'utf8');
    const subset = loadCommonYaml(text);
    expect(subset).not.toBeNull();
    expect(subset?.value).toStrictEqual(loadYamlQuickly(text)?.value);
    expect(subset?.value).toEqual(documentedValue(text));
  });
});

/** YAML 1.1 and 1.2 read these differently; every path must give the documented (1.2 core) value. */
const YAML_VERSION_DIFFERENCES: Array<[string, string]> = [
  ['yes/no/on/off', 'a: [yes, no, on, off, y, n, Yes, NO]\n'],
  ['octal: 0o17 is 15, 017 is 17', 'a: 0o17\nb: 017\n'],
  ['sexagesimal', 'a: 1:30\nb: 190:20:30\n'],
  ['timestamps', 'a: 2001-12-14\nb: 2001-12-14 21:59:43.10 -5\n'],
  ['merge keys are ordinary keys', 'b: {x: 1}\na:\n  <<: {y: 2}\n'],
  ['binary and underscores are text', 'a: 0b101\nb: 1_000\n'],
  ['`=` and `~`', 'a: =\nb: ~\n'],
];

describe('the fast and the strict path agree on the YAML 1.1 / 1.2 differences', () => {
  it.each(YAML_VERSION_DIFFERENCES)('%s', (_name, text) => {
    const strict = documentedValue(text);
    expect(parseStructuredText(text, 'cases.yaml', 'yaml').value).toEqual(strict);
    const subset = loadCommonYaml(text);
    if (subset !== null) expect(subset.value).toEqual(strict);
  });
});

describe('loadCommonYaml agrees with both parsers on random changes to the bundled case file', () => {
  it('1,000 seeded edits: whatever it reads, js-yaml and the documented parser read the same, without an error', () => {
    const bundled = readFileSync(join(REPO_ROOT, 'eval/cases.yaml'), 'utf8');
    const random = randomSource(11);
    let read = 0;
    let left = 0;
    for (let round = 0; round < 1_000; round += 1) {
      const text = mutateText(bundled, random);
      const subset = loadCommonYaml(text);
      if (subset === null) {
        left += 1;
        continue;
      }
      read += 1;
      expect(subset.value, text).toStrictEqual(load(text, { schema: CORE_SCHEMA }));
      expect(subset.value, text).toEqual(documentedValue(text));
    }
    // Most single edits keep the file well-formed, and some break it: both kinds must occur.
    expect(read).toBeGreaterThan(200);
    expect(left).toBeGreaterThan(50);
  });
});
