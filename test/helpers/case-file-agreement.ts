import { expect } from 'vitest';
import { validCaseFileQuickly } from '../../src/cases/case-acceptors.js';
import { CASE_SCHEMAS } from '../../src/cases/schema.js';

/**
 * The quick check is a shortcut past zod for valid files: it must never accept what the schema
 * refuses, and must return exactly the data the schema returns (trimmed texts, no extra keys).
 * Where it returns null, zod decides; that costs time, never a different answer.
 */
export function zodOf(value: unknown): { success: boolean; data?: unknown } {
  const parsed = CASE_SCHEMAS.caseFile.safeParse(value);
  return parsed.success ? { success: true, data: parsed.data } : { success: false };
}

/** The quick check agrees with the schema: null, or the value itself when it is exactly the schema's data. */
export function expectAgreement(value: unknown): 'quick' | 'zod' {
  const quick = validCaseFileQuickly(value);
  if (quick === null) return 'zod';
  expect(quick).toBe(value);
  const zod = zodOf(value);
  expect(zod.success, 'the quick check accepted a file the schema refuses').toBe(true);
  expect(quick).toStrictEqual(zod.data);
  return 'quick';
}
