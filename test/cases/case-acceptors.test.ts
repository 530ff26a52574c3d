import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { validCaseFileQuickly } from '../../src/cases/case-acceptors.js';
import { schemaData } from '../../src/cases/resolve-cases.js';
import { expectAgreement, zodOf } from '../helpers/case-file-agreement.js';
import { REPO_ROOT } from '../helpers/project.js';

// The seeded comparisons on thousands of changed case files: case-acceptors.seeded.test.ts.

const minimalCase = {
  id: 'c1',
  question: 'Why?',
  rootCauseKeywords: ['pool'],
  requiredEvidenceTools: ['queryLogs'],
  allowedVerdicts: ['PASS'],
};
const fileWith = (entry: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  version: 1,
  ...extra,
  cases: [{ ...minimalCase, ...entry }],
});

describe('validCaseFileQuickly: valid files, whose schema data is the value itself', () => {
  const valid: [string, unknown][] = [
    ['a minimal case', fileWith({})],
    [
      'Chinese text',
      fileWith({ question: '支付接口为什么超时？', rootCauseKeywords: ['连接池', ['耗尽', 'exhausted']] }),
    ],
    [
      'every kind of keyword concept',
      fileWith({
        rootCauseKeywords: ['cpu', ['regex', 'regular expression'], { any: ['pool'] }, { any: ['x'], required: false }],
      }),
    ],
    [
      'audit switches and budgets at their limits',
      fileWith({
        audit: { v2: true, claimChecks: true },
        budget: { maxToolCalls: 0, maxDurationMs: 0.5, maxTokens: 9007199254740991, maxRepeatedCalls: 2 },
      }),
    ],
    ['a negative zero budget is 0 or more', fileWith({ budget: { maxToolCalls: -0, maxDurationMs: -0 } })],
    [
      'coverage at 0 and 1',
      { version: 1, defaults: { minKeywordCoverage: 0 }, cases: [{ ...minimalCase, minKeywordCoverage: 1 }] },
    ],
    [
      'checks kept as written, whatever their values (the loader checks them)',
      fileWith(
        { checks: { 'numeric-grounding': 'warn', nonsense: 3 } },
        { defaults: { checks: { 'token-budget': 'off' } } },
      ),
    ],
    [
      '$schema and policies',
      fileWith({}, { $schema: '../schema/cases.schema.json', policies: { rules: [{ anything: true }] } }),
    ],
    ['empty lists where a list may be empty', fileWith({ tags: [], forbiddenVerdicts: [], requiredEvidenceTools: [] })],
    [
      'defaults with every field',
      {
        version: 1,
        defaults: {
          rootCauseKeywords: ['a'],
          requiredEvidenceTools: ['t'],
          allowedVerdicts: ['PASS'],
          forbiddenAnswerKeywords: ['x'],
          forbiddenVerdicts: ['REJECT'],
          forbiddenConfirmedClaims: ['y'],
          audit: { composerOutput: false },
          budget: { maxToolCalls: 3 },
          tags: ['t'],
          checks: {},
        },
        cases: [{ id: 'a.b_c-1', question: 'q' }],
      },
    ],
  ];
  it.each(valid)('%s', (_name, value) => {
    expect(expectAgreement(value)).toBe('quick');
  });
});

describe('validCaseFileQuickly: anything the schema refuses is left to zod', () => {
  const invalid: [string, unknown][] = [
    ['not an object', []],
    ['no cases', { version: 1, cases: [] }],
    ['version 2', { ...fileWith({}), version: 2 }],
    ['version as text', { ...fileWith({}), version: '1' }],
    ['an unknown top-level key', fileWith({}, { verison: 1 })],
    ['an unknown case key', fileWith({ requiredEvidenceTool: ['x'] })],
    ['an id the pattern refuses', fileWith({ id: '-bad' })],
    ['an id with spaces', fileWith({ id: 'a b' })],
    ['an id that is a number', fileWith({ id: 7 })],
    ['a blank question', fileWith({ question: '   ' })],
    ['a question of a byte-order mark only', fileWith({ question: '\uFEFF' })],
    ['a missing question', { version: 1, cases: [{ id: 'a' }] }],
    ['a keyword that is blank', fileWith({ rootCauseKeywords: [' '] })],
    ['an empty list of synonyms', fileWith({ rootCauseKeywords: [[]] })],
    ['a concept without any', fileWith({ rootCauseKeywords: [{ required: true }] })],
    ['a concept with an unknown key', fileWith({ rootCauseKeywords: [{ any: ['a'], requried: true }] })],
    ['a concept whose required is text', fileWith({ rootCauseKeywords: [{ any: ['a'], required: 'yes' }] })],
    ['a keyword that is a number', fileWith({ rootCauseKeywords: [5] })],
    ['no allowed verdict', fileWith({ allowedVerdicts: [] })],
    ['coverage above 1', fileWith({ minKeywordCoverage: 1.5 })],
    ['coverage below 0', fileWith({ minKeywordCoverage: -0.1 })],
    ['coverage as text', fileWith({ minKeywordCoverage: '1' })],
    ['a fractional tool-call budget', fileWith({ budget: { maxToolCalls: 1.5 } })],
    ['a negative duration budget', fileWith({ budget: { maxDurationMs: -1 } })],
    ['an infinite duration budget', fileWith({ budget: { maxDurationMs: Infinity } })],
    ['a token budget past the safe integers', fileWith({ budget: { maxTokens: 2 ** 53 } })],
    ['a not-a-number budget', fileWith({ budget: { maxRepeatedCalls: NaN } })],
    ['an unknown budget key', fileWith({ budget: { maxCalls: 1 } })],
    ['an audit switch as text', fileWith({ audit: { v2: 'true' } })],
    ['checks as a list', fileWith({ checks: ['numeric-grounding'] })],
    ['a tag that is not text', fileWith({ tags: [true] })],
    ['a list where text is expected', fileWith({ traceFixture: ['a'] })],
    ['defaults with an id', { version: 1, defaults: { id: 'x' }, cases: [minimalCase] }],
    ['defaults as a list', { version: 1, defaults: [], cases: [minimalCase] }],
    ['$schema as a number', fileWith({}, { $schema: 1 })],
  ];
  it.each(invalid)('%s', (_name, value) => {
    expect(validCaseFileQuickly(value)).toBeNull();
    expect(zodOf(value).success).toBe(false);
  });
});

describe('validCaseFileQuickly: what it is unsure of, zod decides (the same answer, more slowly)', () => {
  class Settings {
    v2 = true;
  }
  const unsure: [string, unknown][] = [
    [
      'texts with spaces around them (the schema trims them)',
      fileWith({ question: '  Why did it fail?  ', tags: [' a ', 'b'], traceFixture: ' x.json ' }),
    ],
    ['Chinese text with a full-width space', fileWith({ question: '\u3000支付接口为什么超时？' })],
    ['a synonym with spaces around it', fileWith({ rootCauseKeywords: [{ any: [' x '], required: false }] })],
    ['an optional field written as undefined (zod keeps the key)', fileWith({ tags: undefined })],
    ['a class instance where an object is expected', fileWith({ audit: new Settings() })],
    [
      'an object without a prototype (zod returns a plain one)',
      Object.assign(Object.create(null) as object, fileWith({})),
    ],
    ['a check id named __proto__', fileWith({ checks: JSON.parse('{"__proto__": "off"}') as unknown })],
  ];
  it.each(unsure)('%s', (_name, value) => {
    expect(validCaseFileQuickly(value)).toBeNull();
    expect(zodOf(value).success).toBe(true);
  });
});

describe('validCaseFileQuickly and schemaData on the bundled case file', () => {
  const summary = (issues: readonly { code: string; path: readonly PropertyKey[]; message: string }[]) =>
    issues.map((issue) => `${issue.code} ${issue.path.map(String).join('.')} ${issue.message}`);

  it('reads the bundled case file as the schema does', () => {
    expect(expectAgreement(parseYaml(readFileSync(join(REPO_ROOT, 'eval/cases.yaml'), 'utf8')) as unknown)).toBe(
      'quick',
    );
  });

  it('a mistake in the last case of many is named at that case', () => {
    const entries = Array.from({ length: 50 }, (_, index) => ({ ...minimalCase, id: `case-${index}` }));
    const last = { ...entries[49], requiredEvidenceTool: ['x'] };
    const read = schemaData({ version: 1, cases: [...entries.slice(0, 49), last] });
    expect(read.data).toBeNull();
    expect(summary(read.issues)).toEqual(['unrecognized_keys cases.49 expected a case object']);
  });
});
