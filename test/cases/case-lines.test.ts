import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLocatedCaseFile } from '../../src/cases/case-lines.js';
import { DEFAULT_CONTRACT } from '../../src/contract.js';
import { caseFileYaml, caseYaml, writeFiles } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

describe('case lines for annotations (S51)', () => {
  it.each([
    ['YAML', 'cases.yaml', caseFileYaml([caseYaml('first'), caseYaml('second')]), [3, 8]],
    ['JSON', 'cases.json', `{\n  "version": 1,\n  "cases": [\n    { "id": "first", "question": "q", "rootCauseKeywords": [], "requiredEvidenceTools": [], "allowedVerdicts": ["PASS"] },\n    {\n      "id": "second", "question": "q", "rootCauseKeywords": [], "requiredEvidenceTools": [], "allowedVerdicts": ["PASS"] }\n  ]\n}\n`, [4, 5]],
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
