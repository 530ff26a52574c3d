import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { validCaseFileQuickly } from '../../src/cases/case-acceptors.js';
import { schemaData } from '../../src/cases/load-cases.js';
import { caseSchemas } from '../../src/cases/schema.js';
import { REPO_ROOT } from '../helpers/project.js';

/**
 * The quick check is a shortcut past zod for valid files: it must never accept what the schema
 * refuses, and must return exactly the data the schema returns (trimmed texts, no extra keys).
 * Where it returns null, zod decides; that costs time, never a different answer.
 */
function zodOf(value: unknown): { success: boolean; data?: unknown } {
  const parsed = caseSchemas().caseFile.safeParse(value);
  return parsed.success ? { success: true, data: parsed.data } : { success: false };
}

/** The quick check agrees with the schema: null, or the value itself when it is exactly the schema's data. */
function expectAgreement(value: unknown): 'quick' | 'zod' {
  const quick = validCaseFileQuickly(value);
  if (quick === null) return 'zod';
  expect(quick).toBe(value);
  const zod = zodOf(value);
  expect(zod.success, 'the quick check accepted a file the schema refuses').toBe(true);
  expect(quick).toStrictEqual(zod.data);
  return 'quick';
}

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

/** Seeded, so a failure can be reproduced. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

const REPLACEMENTS: unknown[] = [
  '',
  '  ',
  ' padded ',
  'PASS',
  '-x',
  'ok.id',
  0,
  -0,
  1,
  -1,
  0.5,
  1.5,
  2 ** 53,
  NaN,
  Infinity,
  true,
  false,
  null,
  [],
  [''],
  ['a'],
  [['a']],
  {},
  { any: ['a'] },
  { any: [] },
  { v2: true },
  { maxToolCalls: 1 },
  { 'numeric-grounding': 'warn' },
];
const EXTRA_KEYS = [
  'id',
  'tags',
  'any',
  'required',
  'v2',
  'maxTokens',
  'checks',
  'unknownKey',
  'version',
  'policies',
  '$schema',
];

/** One random change somewhere in the value: a value replaced, a key removed or added. */
function mutate(root: unknown, random: () => number): unknown {
  const copy = structuredClone(root) as Record<string, unknown>;
  const containers: (Record<string, unknown> | unknown[])[] = [];
  const collect = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    containers.push(value as Record<string, unknown>);
    for (const child of Object.values(value)) collect(child);
  };
  collect(copy);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const container = pick(containers) as Record<string, unknown>;
  const keys = Object.keys(container);
  const action = random();
  if (action < 0.6 && keys.length > 0) container[pick(keys)] = structuredClone(pick(REPLACEMENTS));
  else if (action < 0.8 && keys.length > 0 && !Array.isArray(container)) delete container[pick(keys)];
  else if (!Array.isArray(container)) container[pick(EXTRA_KEYS)] = structuredClone(pick(REPLACEMENTS));
  return copy;
}

describe('validCaseFileQuickly: agrees with the schema on random changes to the bundled case file', () => {
  const bundled = parseYaml(readFileSync(join(REPO_ROOT, 'eval/cases.yaml'), 'utf8')) as unknown;

  it('reads the bundled case file as the schema does', () => {
    expect(expectAgreement(bundled)).toBe('quick');
  });

  it('2,000 seeded mutations: never accepts a refused file, returns the schema data, and reads every valid one whose data is itself', () => {
    const random = randomSource(20_251_130);
    const tally = { quick: 0, zodOnlyValid: 0, refused: 0 };
    for (let round = 0; round < 2_000; round += 1) {
      let value = mutate(bundled, random);
      if (random() < 0.3) value = mutate(value, random);
      const answer = expectAgreement(value);
      if (answer === 'quick') tally.quick += 1;
      else {
        const zod = zodOf(value);
        if (!zod.success) tally.refused += 1;
        // Left to zod though valid: only when zod's data differs from the value (a text it trims).
        else if (isDeepStrictEqual(zod.data, value)) tally.zodOnlyValid += 1;
      }
    }
    expect(tally.zodOnlyValid).toBe(0);
    expect(tally.quick).toBeGreaterThan(200);
    expect(tally.refused).toBeGreaterThan(200);
  });
});

describe('schemaData: zod reads only the cases the quick check is unsure of, with the answer zod gives for the whole file', () => {
  const bundled = parseYaml(readFileSync(join(REPO_ROOT, 'eval/cases.yaml'), 'utf8')) as unknown;
  const summary = (issues: readonly { code: string; path: readonly PropertyKey[]; message: string }[]) =>
    issues.map((issue) => `${issue.code} ${issue.path.map(String).join('.')} ${issue.message}`);

  it('1,000 seeded changes, some in several cases: the same issues in the same order, or the same data', () => {
    const random = randomSource(7);
    for (let round = 0; round < 1_000; round += 1) {
      let value = mutate(bundled, random);
      for (let more = 0; more < 3 && random() < 0.5; more += 1) value = mutate(value, random);
      const whole = caseSchemas().caseFile.safeParse(value);
      const read = schemaData(value);
      if (whole.success) {
        expect(read.issues).toEqual([]);
        expect(read.data).toStrictEqual(whole.data);
      } else {
        expect(read.data).toBeNull();
        expect(summary(read.issues)).toEqual(summary(whole.error.issues));
      }
    }
  });

  it('a mistake in the last case of many is named at that case', () => {
    const entries = Array.from({ length: 50 }, (_, index) => ({ ...minimalCase, id: `case-${index}` }));
    const last = { ...entries[49], requiredEvidenceTool: ['x'] };
    const read = schemaData({ version: 1, cases: [...entries.slice(0, 49), last] });
    expect(read.data).toBeNull();
    expect(summary(read.issues)).toEqual(['unrecognized_keys cases.49 expected a case object']);
  });
});
