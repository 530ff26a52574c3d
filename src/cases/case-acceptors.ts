import * as z from '../io/validation/zod.js';
import { compileAcceptor } from '../io/validation/zod-accepts.js';
import { CASE_SCHEMAS, type CaseFileInput } from './schema.js';

/**
 * Exact acceptors (zod-accepts.ts) compiled from the case-file schema: whether zod would return a
 * value itself as the schema's data, answered by a walk that copies nothing. A file they accept is
 * read without zod; on anything else zod decides and words the problems. Compiled once per file.
 */
export interface CaseFileAcceptors {
  /** Everything but the cases: version, defaults, policies, $schema. */
  topLevel: (value: unknown) => boolean;
  caseEntry: (value: unknown) => boolean;
}

export function caseFileAcceptors(): CaseFileAcceptors {
  const { caseFile, caseEntry } = CASE_SCHEMAS;
  return {
    topLevel: compileAcceptor(z.strictObject({ ...caseFile.shape, cases: z.unknown() }), { exact: true }),
    caseEntry: compileAcceptor(caseEntry, { exact: true }),
  };
}

/** What the acceptors vouch for in a case file whose top level is an object with a non-empty list of cases. */
export interface QuickCheck {
  /** Whether everything but the cases (version, defaults, ...) is exactly the schema's data. */
  topLevelSure: boolean;
  /** The indexes of the cases that are not sure to be exactly the schema's data, in order. */
  unsureCases: number[];
}

/**
 * The check, case by case, so that zod needs to read only the cases it is unsure of: a file with
 * one mistake in its last case costs one case of zod, not the whole file. Null when the top level
 * is not a plain object with a non-empty list of cases (zod then reads it all).
 */
export function checkCaseFileQuickly(value: unknown): QuickCheck | null {
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return null;
  const entries = (value as Record<string, unknown>)['cases'];
  if (!Array.isArray(entries) || entries.length === 0) return null;
  const accepts = caseFileAcceptors();
  const unsureCases: number[] = [];
  for (let index = 0; index < entries.length; index += 1) {
    if (!accepts.caseEntry(entries[index])) unsureCases.push(index);
  }
  return { topLevelSure: accepts.topLevel(value), unsureCases };
}

/** The case file's value itself when the schema would return exactly that value as its data; else null. */
export function validCaseFileQuickly(value: unknown): CaseFileInput | null {
  const check = checkCaseFileQuickly(value);
  return check?.topLevelSure && check.unsureCases.length === 0 ? (value as CaseFileInput) : null;
}
