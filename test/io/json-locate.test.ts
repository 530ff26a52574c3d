import { describe, expect, it } from 'vitest';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import { resolveCaseFile } from '../../src/cases/resolve-cases.js';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import type { InputError } from '../../src/io/errors.js';
import { createJsonLocator } from '../../src/io/json/json-locate.js';
import { parseStructuredText } from '../../src/io/structured-file.js';

/** Where a YAML reading of the text puts a path: the reference the light scanner must agree with. */
function yamlLocate(text: string, path: readonly PropertyKey[]): { line: number; column: number } | null {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  let node = document.contents as YamlNode | null;
  for (let index = 0; index < path.length; index += 1) {
    const segment = path[index];
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(segment));
      if (pair === undefined) break;
      if (index === path.length - 1) {
        node = pair.key as YamlNode;
        break;
      }
      node = pair.value as YamlNode | null;
    } else if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment] as YamlNode | undefined;
      if (item === undefined) break;
      node = item;
    } else break;
  }
  if (node?.range === undefined || node.range === null) return null;
  const position = lineCounter.linePos(node.range[0]);
  return { line: position.line, column: position.col };
}

const PRETTY = JSON.stringify(
  {
    version: 1,
    defaults: { audit: { v2: true }, 'we"ird\\key': [1, 2] },
    cases: [
      {
        id: 'a',
        question: 'with "quotes" and \\ and ] and }',
        allowedVerdicts: ['PASS', 'REJECT'],
        budget: { maxToolCalls: 3 },
      },
      { id: 'b', question: '支付', nested: [[1, [2, { deep: null }]], true], allowedVerdicts: [] },
    ],
  },
  null,
  2,
);
const COMPACT = JSON.stringify(JSON.parse(PRETTY));

describe('JSON error positions without a second parse (S44)', () => {
  const paths: PropertyKey[][] = [
    [],
    ['version'],
    ['defaults', 'audit', 'v2'],
    ['defaults', 'we"ird\\key', 1],
    ['cases', 0, 'question'],
    ['cases', 0, 'allowedVerdicts', 1],
    ['cases', 0, 'budget', 'maxToolCalls'],
    ['cases', 1, 'nested', 0, 1, 2, 'deep'],
    ['cases', 1, 'nested', 1],
    ['cases', 1, 'absent'],
    ['cases', 7, 'id'],
    ['version', 'below-a-number'],
  ];
  for (const [name, text] of [
    ['pretty-printed', PRETTY],
    ['on one line', COMPACT],
  ] as const) {
    it.each(paths.map((path) => [JSON.stringify(path), path] as const))(
      `S44: ${name}: %s is where a YAML reading puts it`,
      (_name, path) => {
        expect(createJsonLocator(text).locate(path)).toEqual(yamlLocate(text, path));
      },
    );
    it(`S44: ${name}: one locator asked for every path in turn, forward and backward, answers as a fresh one`, () => {
      for (const order of [paths, [...paths].reverse()]) {
        const locator = createJsonLocator(text);
        for (const path of order) expect(locator.locate(path), JSON.stringify(path)).toEqual(yamlLocate(text, path));
      }
    });
  }

  it('S44: a 100,000-case JSON case file with one bad case is refused quickly, naming the line', () => {
    const cases = Array.from({ length: 100_000 }, (_, index) => ({
      id: `case-${index}`,
      question: `Why is service ${index} slow?`,
      rootCauseKeywords: ['pool'],
      requiredEvidenceTools: ['queryLogs'],
      allowedVerdicts: index === 99_998 ? ['MAYBE'] : ['PASS'],
    }));
    const text = JSON.stringify({ version: 1, cases }, null, 2);
    const started = performance.now();
    let problems: string[] = [];
    try {
      resolveCaseFile(parseStructuredText(text, 'big.json', 'json'), DEFAULT_CONTRACT);
    } catch (error) {
      problems = (error as InputError).problems;
    }
    const elapsed = performance.now() - started;
    const line = text.split('\n').findIndex((row) => row.includes('"MAYBE"')) + 1;
    expect(problems).toEqual([
      `big.json:${line}:9: cases[99998].allowedVerdicts[0]: found unknown verdict "MAYBE", expected one of PASS, REVISE, REJECT`,
    ]);
    // The YAML parser took tens of seconds here; the scanner takes a fraction of one.
    expect(elapsed).toBeLessThan(15_000);
  });
});
