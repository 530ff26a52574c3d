import type { Severity } from '../checks/severity.js';
import type { ContractValues } from '../contract.js';
import { readStructuredFile } from '../io/structured-file.js';
import { resolveCaseFileLoadingSchemas } from './resolve-cases.js';
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
 * YAML syntax tree is many times the size of the cases. A JSON file is scanned for them instead
 * of being read a second time as YAML, which is many times slower than JSON.parse.
 */
export async function loadLocatedCaseFile(
  path: string,
  displayName: string,
  contract: ContractValues,
  withLines: boolean,
  checkSeverities: Readonly<Record<string, Severity>> = {},
): Promise<LocatedCases> {
  const file = await readStructuredFile(path, displayName);
  const cases = await resolveCaseFileLoadingSchemas(file, contract, checkSeverities);
  if (!withLines) return { cases, displayName, lineOf: () => null };
  let lines: (number | null)[];
  if (file.jsonText !== undefined) {
    lines = jsonArrayItemLines(file.jsonText, 'cases');
  } else {
    lines = cases.map((_, index) => file.locate(['cases', index])?.line ?? null);
  }
  return { cases, displayName, lineOf: (index) => lines[index] ?? null };
}

/**
 * The 1-based line of each object in the array under the top-level key `key` of a JSON text,
 * in one pass over the text (strings skipped, so brackets inside them do not count).
 */
export function jsonArrayItemLines(text: string, key: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let expectKey = false;
  let lastKey: string | null = null;
  let inArray = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (character === '\n') line += 1;
    else if (character === '"') {
      let end = index + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (depth === 1 && expectKey) {
        lastKey = readKey(text.slice(index, end + 1));
        expectKey = false;
      }
      index = end;
    } else if (character === '{' || character === '[') {
      if (inArray && depth === 2 && character === '{') lines.push(line);
      if (character === '[' && depth === 1 && lastKey === key) inArray = true;
      depth += 1;
      if (depth === 1) expectKey = true;
    } else if (character === '}' || character === ']') {
      depth -= 1;
      if (depth === 1 && inArray) inArray = false;
    } else if (character === ',' && depth === 1) {
      expectKey = true;
      lastKey = null;
    }
  }
  return lines;
}

function readKey(quoted: string): string | null {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return null;
  }
}
