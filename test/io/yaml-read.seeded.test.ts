import { describe, expect, it } from 'vitest';
import { resolveCaseFile } from '../../src/cases/resolve-cases.js';
import { resolveContract } from '../../src/config/contract.js';
import { InputError } from '../../src/io/errors.js';
import { parseYamlDocument } from '../../src/io/yaml/yaml-document.js';
import { randomSource } from '../helpers/seeded-random.js';
import { BUNDLED_CASES_YAML as BUNDLED, mutateText, problemsOf, readYaml as read } from '../helpers/yaml-edits.js';

/**
 * Hundreds of seeded edits of the bundled case file (the hand-picked files are in
 * yaml-read.test.ts): each is read as the yaml package reads it or refused as it refuses it, and
 * the problems of those that parse keep their words.
 */
describe('YAML case files and configs: the value', () => {
  it('500 seeded edits of the bundled case file: read as the yaml package reads them, or refused as it refuses them', () => {
    const random = randomSource(17);
    let readCount = 0;
    let refused = 0;
    for (let round = 0; round < 500; round += 1) {
      const text = mutateText(BUNDLED, random);
      let documented: { value: unknown } | { problems: string[] };
      try {
        documented = { value: parseYamlDocument(text, 'cases.yaml').value };
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        documented = { problems: error.problems };
      }
      let ours: { value: unknown } | { problems: string[] };
      try {
        ours = { value: read(text).value };
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        ours = { problems: error.problems };
      }
      if ('problems' in documented) {
        expect(ours, text).toEqual(documented);
        refused += 1;
        continue;
      }
      expect('value' in ours, text).toBe(true);
      // An empty key in a flow map (`{ : x }`, `{ &a : x }`) is "null" to js-yaml and "" to the
      // yaml package: the one place they differ (the case schema knows neither key).
      if (/[{,]\s*(?:&\w+\s*)?:/u.test(text)) continue;
      expect(ours, text).toEqual(documented);
      readCount += 1;
    }
    expect(readCount).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(25);
  });
});

describe('YAML case files: the messages of broken files', () => {
  const caseProblems = (text: string) => problemsOf(() => resolveCaseFile(read(text), resolveContract(undefined)));

  it('600 seeded edits of the bundled case file', () => {
    const random = randomSource(31);
    const all: string[][] = [];
    for (let round = 0; round < 600; round += 1) {
      const text = mutateText(BUNDLED, random);
      if (problemsOf(() => read(text)).length > 0) continue;
      const problems = caseProblems(text);
      if (problems.length > 0) all.push(problems);
    }
    expect(all.length).toBeGreaterThan(30);
    expect(all).toMatchSnapshot();
  });
});
