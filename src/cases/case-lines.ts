import type { ContractValues } from '../config/contract.js';
import type { Severity } from '../config/severity.js';
import { MAX_CASE_FILE_BYTES } from '../io/files/input-limits.js';
import {
  readInputFile,
  readStructuredFile,
  type StructuredFile,
  structuredFileOfBytes,
  syntaxOf,
} from '../io/structured-file.js';
import type { CaseSequence } from './case-sequence.js';
import { readJsonCasesOneAtATime } from './json-cases-one-at-a-time.js';
import { resolveCaseFile } from './resolve-cases.js';
import type { EvalCase } from './types.js';

/** The cases of a case file, and where each one starts in it, for annotations that point at the case. */
export interface LocatedCases {
  cases: EvalCase[];
  /** The case file as shown to the user (relative to the working directory, with `/`). */
  displayName: string;
  /** The 1-based line of the case at `index` (its `- id:` item in YAML, its `{` in JSON), or null when not known. */
  lineOf(index: number): number | null;
}

/**
 * Loads the cases; with `withLines`, also the line where each starts. The lines are worked out
 * once, up front, and nothing of the parsed file is kept: for a file of thousands of cases its
 * YAML syntax tree is many times the size of the cases.
 */
export async function loadLocatedCaseFile(
  path: string,
  displayName: string,
  contract: ContractValues,
  withLines: boolean,
  checkSeverities: Readonly<Record<string, Severity>> = {},
): Promise<LocatedCases> {
  return locateCases(await readStructuredFile(path, displayName), contract, withLines, checkSeverities);
}

function locateCases(
  file: StructuredFile,
  contract: ContractValues,
  withLines: boolean,
  checkSeverities: Readonly<Record<string, Severity>>,
): LocatedCases {
  const { displayName } = file;
  const cases = resolveCaseFile(file, contract, checkSeverities);
  if (!withLines) return { cases, displayName, lineOf: () => null };
  const lines = cases.map((_, index) => file.locate(['cases', index])?.line ?? null);
  return { cases, displayName, lineOf: (index) => lines[index] ?? null };
}

/** Where each case of a case file stands, by id: for annotations that point at a failing case. */
export interface CaseLines {
  /** The case file as shown to the user. */
  displayName: string;
  /** The 1-based line of the case with this id, or null when not known. */
  lineOfCase(caseId: string): number | null;
}

/** The cases of a run and where each stands; the cases may be read one at a time (case-sequence.ts). */
export interface LocatedCaseSequence extends CaseLines {
  cases: CaseSequence;
}

/** CaseLines of cases held in memory: a case is looked up by id once, when an annotation names it. */
export function caseLinesOf(located: LocatedCases): CaseLines {
  const lineOfCase = new Map<string, number | null>();
  return {
    displayName: located.displayName,
    lineOfCase(caseId) {
      if (!lineOfCase.has(caseId)) {
        const index = located.cases.findIndex((evalCase) => evalCase.id === caseId);
        lineOfCase.set(caseId, index === -1 ? null : located.lineOf(index));
      }
      return lineOfCase.get(caseId) ?? null;
    },
  };
}

/**
 * A JSON case file from this size on is read a case at a time by a run. A smaller one is read
 * whole: holding it keeps a run within its memory bound, and reading it whole is quicker (the
 * case-at-a-time reading passes over the file twice, and a file with a problem to name is then
 * read whole as well).
 */
export const ONE_AT_A_TIME_FROM_BYTES = 16 * 1024 * 1024;

/**
 * The cases of a case file for a run that keeps no case longer than it needs it: a valid JSON
 * file of `oneAtATimeFromBytes` or more is read a case at a time (json-cases-one-at-a-time.ts);
 * any other file, or a JSON file with a problem to name, is read whole as loadLocatedCaseFile
 * reads it, from the same bytes.
 */
export async function loadCaseSequence(
  path: string,
  displayName: string,
  contract: ContractValues,
  withLines: boolean,
  checkSeverities: Readonly<Record<string, Severity>> = {},
  oneAtATimeFromBytes = ONE_AT_A_TIME_FROM_BYTES,
): Promise<LocatedCaseSequence> {
  const bytes = readInputFile(path, displayName, MAX_CASE_FILE_BYTES);
  const syntax = syntaxOf(path);
  if (syntax === 'json' && bytes.length >= oneAtATimeFromBytes) {
    const read = readJsonCasesOneAtATime(bytes, displayName, contract, checkSeverities, withLines);
    if (read !== null) return { cases: read.cases, displayName, lineOfCase: read.lineOfCase };
  }
  const located = locateCases(structuredFileOfBytes(bytes, displayName, syntax), contract, withLines, checkSeverities);
  return { ...caseLinesOf(located), cases: located.cases };
}
