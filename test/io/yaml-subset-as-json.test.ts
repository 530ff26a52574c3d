import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { parseStructuredText } from '../../src/io/structured-file.js';
import { loadCommonYaml } from '../../src/io/yaml-common-subset.js';
import { readSubsetAsJson } from '../../src/io/yaml-subset-as-json.js';
import { REPO_ROOT } from '../helpers/project.js';
import { mutateText, randomSource } from '../helpers/yaml-edits.js';

/**
 * The subset is read by writing it out as JSON for JSON.parse; that must give exactly the fast
 * parser's value, leave to the fast parser what JSON cannot say, and accept nothing outside the
 * subset (a duplicate key, a YAML-only escape, a refused character), which the other parsers read
 * or name as a problem.
 */
function fastValue(text: string): unknown {
  return load(text, { schema: CORE_SCHEMA });
}

const WRITTEN_AS_JSON: Array<[string, string]> = [
  ['a case file', 'version: 1\ncases:\n  - id: pool\n    question: Why is checkout slow?\n    tags: [db, pool]\n'],
  ['Chinese text, plain, quoted and in flow lists', 'question: 为什么变慢？\nkeywords: [连接池, "耗尽", \'超时\']\n'],
  [
    'JSON flow collections, nested',
    'defaults: {"minKeywordCoverage":1,"budget":{"maxToolCalls":8,"maxDurationMs":60000},"tags":["mvp"]}\n',
  ],
  [
    'JSON escapes YAML reads the same, `\\/` among them',
    'a: "x\\ty \\u00e9 \\" \\\\ \\/ \\n"\nb: ["\\"", "\\u4e2d"]\n',
  ],
  [
    'quotes and backslashes in plain and single-quoted text',
    'a: say "hi" \\ ok\nb: \'it\'\'s "x" \\ y\'\nc: [a"b, c\\d]\n',
  ],
  ['core booleans, nulls and words that are text', 'a: [true, False, NULL, ~, yes, Off, nulls, truth]\nb:\nc: TRUE\n'],
  [
    'numbers: small integers, decimals and the other forms the fast parser resolves',
    'a: [0, 7, 123456789012345, 1234567890123456, 1.5, -3, 0o17, 0x1F, 1e3, +4, 012]\nb: 50/50\nc: 14:05\n',
  ],
  ['a key that repeats in sibling mappings', 'a: {x: 1, y: 2}\nb: {x: 3}\nc:\n  x: 4\n  d: {x: 5}\n'],
  [
    'plain text with spaces before a comment, a comma or a closing bracket',
    'a: some text   # note\nb: [ x y ,  z  ]\nc: {k: v w , l: 连接池 }\nd: [ 1 , true ]\n',
  ],
  [
    'keys and text close to the core words',
    'trues: nul\nnul: [Falsy, tru, nULLs, TRUE1]\nfall: {tags: fals}\n__proto: 1\n',
  ],
  ['keys with `$`, `_`, dots and dashes', '$schema: ./x.json\n_a.b-c: 1\nx: {$y: 2, z_-.9: 3}\n'],
  ['a flow map with a quoted and a plain key', 'a: {"b": 1, c: 2}\n'],
  ['empty flow collections and values', 'a: []\nb: {}\nc: [[], {}]\nd:\n'],
  ['a top-level list at the key indentation, and keys after it', 'cases:\n- a\n- {b: c}\nafter: 1\n'],
  ['a top-level sequence', '- a\n- b: 1\n  c: [2]\n'],
  ['negative zero, which the fast parser resolves', 'a: -0\nb: [-0.0]\n'],
];

/** Texts in the subset's layout whose values JSON cannot write: the fast parser reads them. */
const LEFT_TO_THE_FAST_PARSER: Array<[string, string]> = [
  ['infinity and not-a-number', 'a: .inf\nb: -.Inf\nc: .nan\n'],
  ['a flow map key with an escape', 'a: {"\\u0062": 1}\n'],
  [
    'a mapping of more keys than are compared pairwise',
    Array.from({ length: 300 }, (_, i) => `k${i}: ${i}\n`).join(''),
  ],
];

/** Texts outside the subset (the fast and documented parsers then decide): never read here. */
const REFUSED: Array<[string, string]> = [
  ['a duplicate key in a JSON-like flow map', 'a: {"b": 1, "b": 2}\n'],
  ['a duplicate key in a flow map, once quoted and once plain', 'a: {"b": 1, b: 2}\n'],
  ['a duplicate key in a nested JSON-like flow map', 'a: [{"x": {"c": 1, "d": 2, "c": 3}}]\n'],
  ['a duplicate block key', 'a: 1\nb: 2\na: 3\n'],
  ['a duplicate top-level key holding a list', 'cases:\n  - a\ncases:\n  - b\n'],
  ['a JSON key named __proto__', 'a: {"__proto__": {"x": 1}}\n'],
  ['a block key named __proto__', '__proto__: 1\n'],
  ['a key that is a core boolean or null, in any case', 'FALSE: 1\n'],
  ['a flow map key that is a core null', 'a: {Null: 1}\n'],
  ['a key named __proto__ in capitals', '__PROTO__: 1\n'],
  ['the YAML escape \\x41', 'a: "\\x41"\n'],
  ['the YAML escape \\N', 'a: ["\\N"]\n'],
  ['the YAML escape \\e', 'a: {"b": "\\e"}\n'],
  ['a lone surrogate escape', 'a: "\\ud800"\n'],
  ['an unclosed quote', 'a: "b\n'],
  ['a trailing comma', 'a: [1, 2, ]\n'],
];

/** The characters the subset refuses anywhere, wherever they stand: the whole text is left to the other parsers. */
const UNSUPPORTED_CHARACTERS: Array<[string, string]> = [
  ['a tab in double-quoted text', 'a: "x\ty"\n'],
  ['a tab after a backslash in double-quoted text', 'a: "x\\\ty"\n'],
  ['a tab in single-quoted text', "a: 'x\ty'\n"],
  ['a NEL in plain text', 'a: x\u0085y\n'],
  ['a line separator in a flow list item', 'a: [x\u2028y, z]\n'],
  ['a byte-order mark at the start', '\uFEFFa: 1\n'],
  ['U+FFFE in text', 'a: "\uFFFE"\n'],
  ['a control character in a comment line', '# note\u0001\na: 1\n'],
  ['a control character in a comment after a value', 'a: 1 # note\u0007\n'],
  ['a control character in a comment after plain text', 'a: text # note\u007f\n'],
  ['a control character in a comment after a key', 'a: # note\u0002\n  b: 1\n'],
  ['a CR line end', 'a: 1\r\nb: 2\r\n'],
];

describe('readSubsetAsJson: the subset written as JSON', () => {
  it.each(UNSUPPORTED_CHARACTERS)('refuses %s', (_name, text) => {
    expect(readSubsetAsJson(text)).toBeNull();
    expect(loadCommonYaml(text)).toBeNull();
  });

  it('refuses the bundled case file with one refused character put anywhere in it (300 seeded places)', () => {
    const bundled = readFileSync(join(REPO_ROOT, 'eval/cases.yaml'), 'utf8');
    const refused = [
      '\u0000',
      '\t',
      '\u000b',
      '\r',
      '\u001f',
      '\u007f',
      '\u0085',
      '\u009f',
      '\u2028',
      '\u2029',
      '\ufeff',
      '\ufffe',
      '\uffff',
    ];
    const random = randomSource(5);
    for (let round = 0; round < 300; round += 1) {
      const at = Math.floor(random() * bundled.length);
      const character = refused[Math.floor(random() * refused.length)] as string;
      const text = bundled.slice(0, at) + character + bundled.slice(at);
      expect(readSubsetAsJson(text), JSON.stringify(text.slice(Math.max(0, at - 20), at + 20))).toBeNull();
    }
  });

  it('reads the characters next to the refused ones: line feeds, U+00A0, U+2027, U+FF1F and U+FEFE', () => {
    const text = 'a: "x\u00a0y\u2027"\nb: 为什么？\u00a0\nc: [\ufefe]\n';
    expect(readSubsetAsJson(text)?.value).toStrictEqual(fastValue(text));
  });

  it.each(WRITTEN_AS_JSON)('reads %s as the fast parser does', (_name, text) => {
    const read = readSubsetAsJson(text);
    expect(read).not.toBeNull();
    expect(read?.value).toStrictEqual(fastValue(text));
  });

  it.each(LEFT_TO_THE_FAST_PARSER)('leaves %s to the fast parser, which reads it', (_name, text) => {
    expect(readSubsetAsJson(text)).toBeNull();
    expect(loadCommonYaml(text)).toBeNull();
    expect(parseStructuredText(text, 'cases.yaml', 'yaml').value).toStrictEqual(fastValue(text));
  });

  it.each(REFUSED)('refuses %s', (_name, text) => {
    expect(readSubsetAsJson(text)).toBeNull();
    expect(loadCommonYaml(text)).toBeNull();
  });

  it('reads a long top-level list in pieces, in order, with the keys around it in their places', () => {
    const items = Array.from(
      { length: 9_000 },
      (_, i) =>
        `  - id: case-${i}\n    question: "第 ${i} 个问题：为什么 checkout 服务变慢？"\n    rootCauseKeywords: [[pool, "连接池"], {"any": ["a${i}"], "required": true}]\n`,
    ).join('');
    const text = `version: 1\ncases:\n${items}tail: [x]\n`;
    expect(text.length).toBeGreaterThan(2 * 512 * 1024);
    const read = readSubsetAsJson(text);
    expect(read).not.toBeNull();
    expect(read?.value).toStrictEqual(fastValue(text));
    expect(Object.keys(read?.value as object)).toEqual(['version', 'cases', 'tail']);
  });

  it('reads the bundled case file as the fast parser does', () => {
    const text = readFileSync(join(REPO_ROOT, 'eval/cases.yaml'), 'utf8');
    expect(readSubsetAsJson(text)?.value).toStrictEqual(fastValue(text));
  });

  it('on 500 seeded edits of the bundled case file, reads every edit it accepts as the fast parser does', () => {
    const bundled = readFileSync(join(REPO_ROOT, 'eval/cases.yaml'), 'utf8');
    const random = randomSource(23);
    let read = 0;
    for (let round = 0; round < 500; round += 1) {
      const text = mutateText(bundled, random);
      const viaJson = readSubsetAsJson(text);
      if (viaJson === null) continue;
      read += 1;
      expect(viaJson.value, text).toStrictEqual(fastValue(text));
    }
    expect(read).toBeGreaterThan(100);
  });
});
