import type { ContractValues } from '../contract.js';
import { readStructuredFile } from '../io/structured-file.js';
import { resolveCaseFile } from './load-cases.js';
import type { EvalCase } from './types.js';

/** The cases of a case file, and where each one starts in it, for annotations that point at the case. */
export interface LocatedCases {
  cases: EvalCase[];
  /** The case file as shown to the user (relative to the working directory, with `/`). */
  displayName: string;
  /**
   * The 1-based line of the case at `index` in the case file (the line of its `- id:` item in
   * YAML, of its `{` in JSON), or null when it cannot be told. Computed only when asked: for a
   * JSON file it needs a second, slower reading, which a run that prints no annotation never pays.
   */
  lineOf(index: number): number | null;
}

/**
 * `withLines: false` keeps nothing of the parsed file once the cases are resolved (lineOf then
 * answers null): for a YAML file of thousands of cases its syntax tree is many times the size of
 * the cases, so it is kept only for a run that will print or show lines.
 */
export async function loadLocatedCaseFile(path: string, displayName: string, contract: ContractValues, withLines: boolean): Promise<LocatedCases> {
  const file = await readStructuredFile(path, displayName);
  const cases = resolveCaseFile(file, contract);
  if (!withLines) return { cases, displayName, lineOf: () => null };
  return { cases, displayName, lineOf: (index) => file.locate(['cases', index])?.line ?? null };
}
