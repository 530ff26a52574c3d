import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { yamlNestingDepth } from '../../src/io/yaml/yaml-depth.js';
import { MAX_YAML_NESTING_DEPTH } from '../../src/io/yaml/yaml-document.js';
import { REPO_ROOT } from '../helpers/project.js';

const LIMIT = MAX_YAML_NESTING_DEPTH;

/** Ordinary files: each must stay far below the limit, whatever brackets, quotes or indentation its text holds. */
const LEGITIMATE: [string, string][] = [
  ['the bundled case file', readFileSync(join(REPO_ROOT, 'eval', 'cases.yaml'), 'utf8')],
  [
    'brackets inside plain and quoted text',
    `question: see a[0] and b{1} [not closed\nother: "[[[[[[" \nthird: '{{{{{{'\n`.repeat(60),
  ],
  [
    'a block scalar whose text is deeply indented code',
    `text: |\n${Array.from({ length: 300 }, (_, level) => `${' '.repeat(level + 2)}line ${level}`).join('\n')}\nafter: 1\n`,
  ],
  ['flow lists side by side, many times', `cases:\n${'  - { a: [1, [2, [3]]], b: [x] }\n'.repeat(500)}`],
  ['comments with brackets', `# [[[[[[[[[[[[[[[[[[[[\nkey: value # {{{{{{{{{{{{{{{{\n`.repeat(40)],
  [
    'a 中文 question with 【brackets】 and ［全角］',
    `question: "支付接口【超时】的根因是什么？［重要］"\nkeywords: [["连接池", "connection pool"], "耗尽"]\n`.repeat(
      50,
    ),
  ],
];

const HOSTILE: [string, string][] = [
  ['flow lists 5000 deep', `cases: ${'['.repeat(5000)}${']'.repeat(5000)}\n`],
  ['flow maps 200 deep', `a: ${'{b: '.repeat(200)}1${'}'.repeat(200)}\n`],
  [
    'block lists 3000 levels down a staircase',
    Array.from({ length: 3000 }, (_, level) => `${' '.repeat(level)}- `).join('\n'),
  ],
  [
    'block maps 500 levels deep',
    Array.from({ length: 500 }, (_, level) => `${' '.repeat(level)}k${level}:`).join('\n'),
  ],
  ['compact list items on one line', `x: ${'- '.repeat(500)}1\n`.replace('x: ', '')],
  ['a flow list opened line after line', `a:\n${Array.from({ length: 300 }, () => '  [').join('\n')}\n`],
];

describe('YAML nesting is measured before parsing (S43)', () => {
  it.each(LEGITIMATE)('S43: legitimate: %s stays below the limit', (_name, text) => {
    expect(yamlNestingDepth(text, LIMIT)).toBeNull();
    expect(yamlNestingDepth(text, 10)).toBeNull();
  });

  it.each(HOSTILE)('S43: hostile: %s is over the limit, with a line', (_name, text) => {
    const found = yamlNestingDepth(text, LIMIT);
    expect(found).not.toBeNull();
    expect(found?.depth).toBeGreaterThan(LIMIT);
    expect(found?.line).toBeGreaterThanOrEqual(1);
  });
});
