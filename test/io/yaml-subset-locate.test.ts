import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveCaseFile } from '../../src/cases/load-cases.js';
import { resolveContract } from '../../src/contract.js';
import { InputError } from '../../src/errors.js';
import { parseStructuredText, type StructuredFile } from '../../src/io/structured-file.js';
import { loadCommonYaml } from '../../src/io/yaml-common-subset.js';
import { parseYamlDocument } from '../../src/io/yaml-document.js';
import { createEventLocator } from '../../src/io/yaml-locate.js';
import { createSubsetLocator } from '../../src/io/yaml-subset-locate.js';
import { REPO_ROOT } from '../helpers/project.js';
import { mutateText, randomSource } from '../helpers/yaml-edits.js';

/**
 * The subset walk finds the place of a problem in a file the common-subset reader read: every
 * place it names must be the one the fast parser's events, or else the documented parser, name
 * (the places problems were named at before the walk existed), and the messages of broken case
 * files must be the same, word for word, whichever finds the places.
 */
const BUNDLED = readFileSync(join(REPO_ROOT, 'eval/cases.yaml'), 'utf8');

/** The places as they were found before the walk: the fast parser's events, then the documented parser. */
function eventsThenDocumented(text: string): (path: readonly PropertyKey[]) => { line: number; column: number } | null {
  const byEvents = createEventLocator(text);
  let documented: StructuredFile | null = null;
  return (path) => {
    const found = byEvents(path);
    return found === 'unsure' ? (documented ??= parseYamlDocument(text, 'cases.yaml')).locate(path) : found;
  };
}

/** Every path to a node of the value, and beside each one that leads nowhere (a missing key, an index past the end, a path through a scalar). */
function pathsOf(value: unknown, prefix: PropertyKey[] = []): PropertyKey[][] {
  const paths: PropertyKey[][] = [prefix];
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      paths.push(...pathsOf(item, [...prefix, index]));
    });
    paths.push([...prefix, value.length], [...prefix, 'key']);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
    paths.push([...prefix, 'missingKey'], [...prefix, 0]);
  } else {
    paths.push([...prefix, 'deeper'], [...prefix, 0]);
  }
  return paths;
}

const SUBSET_TEXTS: Array<[string, string]> = [
  ['the bundled case file', BUNDLED],
  ["block sequences, also at the key's indentation", 'a:\n  - 1\n  - x\nb:\n- 2\n- {c: d}\nc: 3\n'],
  [
    'sequences of mappings with comments between',
    'cases:\n  # first\n  - id: a\n    tags: [x]\n\n  # second\n  -   id: b\n      q: c\n',
  ],
  ['empty values and empty quoted text', 'a:\nb: ""\nc: \'\'\nd:\n  e:\n  f: [""]\ng: x\n'],
  [
    'flow collections, nested, with quoted keys and escapes in values',
    'a: [1, "two", {b: c}]  # note\nb: {x: [], y: {}}\nc: [[a, b], [c]]\nd: { any: [x, y], required: true }\n' +
      'e: {"key": [1, 2.5, true, null], "c" : "d\\"e", s: x}\nf: [ "a, b" , \'c]\' , {g: [h, {i: j}]} ]\n',
  ],
  [
    'JSON flow map',
    'defaults: {"minKeywordCoverage":1,"budget":{"maxToolCalls":8,"maxDurationMs":60000},"tags":["mvp"]}\n',
  ],
  [
    'nested block maps and lists, keys with dots and dashes',
    'a.b: 1\nc-d:\n  e:\n    - f: 1\n      g:\n        - [x]\n        - "y"\n    - h\n  i: 2\nj: ~\n',
  ],
  ['a top-level list', '- a\n- b: c\n  d: [e]\n- [f]\n'],
  ['comments at any indentation, blank lines', 'a:\n      # far\n  b: 1\n# none\n\n  c: 2\nd: 3 # end\n'],
];

describe('subset walk: the place of every path, as the slower locators name it', () => {
  it.each(SUBSET_TEXTS)('%s', (_name, text) => {
    const read = loadCommonYaml(text);
    expect(read, 'the text must be in the subset').not.toBeNull();
    const walked = createSubsetLocator(text);
    const locatedAsBefore = eventsThenDocumented(text);
    let named = 0;
    for (const path of pathsOf(read?.value)) {
      const found = walked(path);
      if (found === 'unsure') continue;
      named += 1;
      expect(found, JSON.stringify(path)).toEqual(locatedAsBefore(path));
    }
    expect(named).toBeGreaterThan(0);
  });

  it('leaves an empty value to the slower locators', () => {
    const walked = createSubsetLocator('a:\nb: ""\nc: [\'\']\n');
    expect(walked(['a'])).toEqual({ line: 1, column: 1 });
    expect(walked(['a', 'x'])).toBe('unsure');
    expect(walked(['b', 'x'])).toBe('unsure');
    expect(walked(['c', 0])).toBe('unsure');
  });

  it('agrees on 400 seeded edits of the bundled case file that stay in the subset', () => {
    const random = randomSource(23);
    let compared = 0;
    for (let round = 0; round < 400; round += 1) {
      const text = mutateText(BUNDLED, random);
      const read = loadCommonYaml(text);
      if (read === null) continue;
      const walked = createSubsetLocator(text);
      const locatedAsBefore = eventsThenDocumented(text);
      for (const path of pathsOf(read.value)) {
        const found = walked(path);
        if (found !== 'unsure') expect(found, `${JSON.stringify(path)} in\n${text}`).toEqual(locatedAsBefore(path));
      }
      compared += 1;
    }
    expect(compared).toBeGreaterThan(100);
  });
});

/** The problems of a case file, with the places found as now and as before. */
function problemsBothWays(text: string): { now: string[]; before: string[] } | null {
  const contract = resolveContract(undefined);
  const problems = (file: StructuredFile): string[] => {
    try {
      resolveCaseFile(file, contract);
      return [];
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      return error.problems;
    }
  };
  let file: StructuredFile;
  try {
    file = parseStructuredText(text, 'cases.yaml', 'yaml');
  } catch (error) {
    if (error instanceof InputError) return null;
    throw error;
  }
  const locate = eventsThenDocumented(text);
  return { now: problems(file), before: problems({ ...file, locate }) };
}

describe('subset walk: messages of broken case files, word for word as before', () => {
  const keyLines = BUNDLED.split('\n').flatMap((line, index) => (/^\s*(?:- )?[A-Za-z]+:/u.test(line) ? [index] : []));

  it.each(keyLines.map((index) => [index + 1, index] as const))('the key on line %i misspelled', (_line, index) => {
    const lines = BUNDLED.split('\n');
    lines[index] = (lines[index] as string).replace(/([A-Za-z]+):/u, '$1x:');
    const text = lines.join('\n');
    expect(loadCommonYaml(text)).not.toBeNull();
    const result = problemsBothWays(text);
    expect(result?.now.length).toBeGreaterThan(0);
    expect(result?.now).toEqual(result?.before);
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
    expect(loadCommonYaml(text)).not.toBeNull();
    const result = problemsBothWays(text);
    expect(result?.now.length).toBeGreaterThan(0);
    expect(result?.now).toEqual(result?.before);
  });

  it('the same on 600 seeded edits of the bundled case file', () => {
    const random = randomSource(31);
    let withProblems = 0;
    for (let round = 0; round < 600; round += 1) {
      const text = mutateText(BUNDLED, random);
      if (loadCommonYaml(text) === null) continue;
      const result = problemsBothWays(text);
      if (result === null || result.now.length === 0) continue;
      withProblems += 1;
      expect(result.now, text).toEqual(result.before);
    }
    expect(withProblems).toBeGreaterThan(30);
  });
});
