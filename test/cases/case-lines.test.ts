import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLocatedCaseFile } from '../../src/cases/case-lines.js';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { createJsonLocator } from '../../src/io/json/json-locate.js';
import { caseFileYaml, caseYaml, writeFiles } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

describe('case lines for annotations (S51)', () => {
  it.each([
    ['YAML', 'cases.yaml', caseFileYaml([caseYaml('first'), caseYaml('second')]), [3, 8]],
    [
      'JSON',
      'cases.json',
      `{\n  "version": 1,\n  "cases": [\n    { "id": "first", "question": "q", "rootCauseKeywords": [], "requiredEvidenceTools": [], "allowedVerdicts": ["PASS"] },\n    {\n      "id": "second", "question": "q", "rootCauseKeywords": [], "requiredEvidenceTools": [], "allowedVerdicts": ["PASS"] }\n  ]\n}\n`,
      [4, 5],
    ],
  ])('S51: %s: the line where each case starts; none kept when not asked for', async (_label, name, text, lines) => {
    const dir = tempDir();
    writeFiles(dir, { [name]: text });
    const located = await loadLocatedCaseFile(join(dir, name), name, DEFAULT_CONTRACT, true);
    expect(located.cases.map((evalCase) => evalCase.id)).toEqual(['first', 'second']);
    expect([located.lineOf(0), located.lineOf(1)]).toEqual(lines);
    const lean = await loadLocatedCaseFile(join(dir, name), name, DEFAULT_CONTRACT, false);
    expect([lean.lineOf(0), lean.lineOf(1)]).toEqual([null, null]);
  });
});

describe('the line of each case of a JSON case file (S51)', () => {
  it.each([
    ['one line', '{"version":1,"cases":[{"id":"a"},{"id":"b"}]}', [1, 1]],
    [
      'brackets and quotes inside strings do not count',
      '{"cases":[\n{"id":"a","q":"[{\\"x\\"}]"},\n{"id":"b"}]}',
      [2, 3],
    ],
    ['a nested "cases" key is not the top-level one', '{"defaults":{"cases":[{"x":1}]},\n"cases":[\n{"id":"a"}]}', [3]],
    ['a value equal to the key name is not the key', '{"title":"cases","x":[{"a":1}],\n"cases":[{"id":"a"}]}', [2]],
    ['an escaped key name', '{"\\u0063ases":[\n{"id":"a"}]}', [2]],
  ])('%s', (_label, text, lines) => {
    const locator = createJsonLocator(text);
    expect(lines.map((_, index) => locator.locate(['cases', index])?.line)).toEqual(lines);
  });
});
