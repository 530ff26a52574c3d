import type * as z from 'zod/mini';
import type { ContractValues } from '../config/contract.js';
import type { Severity } from '../config/severity.js';
import { readStructuredFile, type StructuredFile } from '../io/structured-file.js';
import { checkCaseFileQuickly } from './case-acceptors.js';
import { resolveParsedCaseFile, schemaDataWith } from './resolve-cases.js';
import { type CaseFileInput, caseSchemas } from './schema.js';
import type { EvalCase } from './types.js';

/** The library's case-file loader (src/index.ts). */

/** `checkSeverities`: the config file's `checks:` block, which the case file's own `checks:` override. */
export async function loadCaseFile(
  path: string,
  displayName: string,
  contract: ContractValues,
  checkSeverities: Readonly<Record<string, Severity>> = {},
): Promise<EvalCase[]> {
  return resolveCaseFile(await readStructuredFile(path, displayName), contract, checkSeverities);
}

/** Validates a parsed case file and applies `defaults` (resolve-cases.ts says how). */
export function resolveCaseFile(
  file: StructuredFile,
  contract: ContractValues,
  checkSeverities: Readonly<Record<string, Severity>> = {},
): EvalCase[] {
  return resolveParsedCaseFile(file, contract, checkSeverities);
}

/** The case file as the schema reads it, and the schema's issues (resolve-cases.ts says how). */
export function schemaData(value: unknown): { data: CaseFileInput | null; issues: z.core.$ZodIssue[] } {
  return schemaDataWith(value, { quick: checkCaseFileQuickly(value), schemas: caseSchemas });
}
