import type { ContractValues } from '../config/contract.js';
import type { Severity } from '../config/severity.js';
import { readStructuredFile } from '../io/structured-file.js';
import { resolveCaseFile } from './resolve-cases.js';
import type { EvalCase } from './types.js';

export { resolveCaseFile } from './resolve-cases.js';

/** `checkSeverities`: the config file's `checks:` block, which the case file's own `checks:` override. */
export async function loadCaseFile(
  path: string,
  displayName: string,
  contract: ContractValues,
  checkSeverities: Readonly<Record<string, Severity>> = {},
): Promise<EvalCase[]> {
  return resolveCaseFile(await readStructuredFile(path, displayName), contract, checkSeverities);
}
