import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { schemaData } from '../../src/cases/resolve-cases.js';
import { CASE_SCHEMAS } from '../../src/cases/schema.js';
import { expectAgreement, zodOf } from '../helpers/case-file-agreement.js';
import { REPO_ROOT } from '../helpers/project.js';
import { randomSource } from '../helpers/seeded-random.js';

/**
 * The quick check and schemaData held to zod on thousands of seeded changes to the bundled case
 * file (the hand-picked rows are in case-acceptors.test.ts).
 */

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
      const whole = CASE_SCHEMAS.caseFile.safeParse(value);
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
});
