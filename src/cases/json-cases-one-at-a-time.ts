// Buys: the peak memory of a run on a JSON case file of tens of thousands of cases (the large run's bound), as no case is held once it is evaluated.
import { isUtf8 } from 'node:buffer';
import type { ContractValues } from '../config/contract.js';
import type { Severity } from '../config/severity.js';
import { scanJsonObjectWithList } from '../io/json/json-list-scan.js';
import { parseJsonOrUndefined } from '../io/json/parse-json.js';
import type { StructuredFile } from '../io/structured-file.js';
import { caseFileAcceptors } from './case-acceptors.js';
import type { CaseSequence } from './case-sequence.js';
import { type CaseDefaults, caseResolver, caseRuleProblems, topLevelRuleProblems } from './resolve-cases.js';
import type { CaseEntryInput } from './schema.js';
import type { EvalCase } from './types.js';

/**
 * A valid JSON case file, read a case at a time: a first pass cuts the file's bytes into one
 * range per case (json-list-scan.ts), parses each case on its own, holds it to the acceptors compiled from the schema (case-acceptors.ts)
 * and the rules a schema cannot express (resolve-cases.ts), and keeps only its byte range and
 * fixture name; the run then parses each case again when it comes to it and drops it once it is
 * evaluated. So a file of 50,000 cases costs its cases' bytes without white space and two
 * numbers a case, not its decoded text, its parsed tree and every resolved case at once
 * (several times the file's size).
 *
 * Only a file the acceptors are sure of, case by case, is read this way: any doubt (a syntax
 * error, a problem, a value zod would trim, a duplicate key) gives null, and the caller reads
 * the file whole, which names every problem at once exactly as it always has.
 */
export class CasesReadOneAtATime implements CaseSequence {
  constructor(
    private readonly bytes: Buffer,
    private readonly starts: readonly number[],
    private readonly ends: readonly number[],
    private readonly resolve: (entry: CaseEntryInput) => EvalCase,
    /** Each case's fixture, as its EvalCase names it (for the orphan-fixture scan, without parsing the cases again). */
    readonly traceFixtures: readonly string[],
  ) {}

  get length(): number {
    return this.starts.length;
  }

  at(index: number): EvalCase | undefined {
    const start = this.starts[index];
    const end = this.ends[index];
    if (start === undefined || end === undefined) return undefined;
    return this.resolve(JSON.parse(this.bytes.toString('utf8', start, end)) as CaseEntryInput);
  }

  *[Symbol.iterator](): Iterator<EvalCase> {
    for (let index = 0; index < this.starts.length; index += 1) yield this.at(index) as EvalCase;
  }
}

export interface JsonCasesOneAtATime {
  cases: CasesReadOneAtATime;
  /** The 1-based line of the case with this id (its `{`), kept only when asked for; else null. */
  lineOfCase(caseId: string): number | null;
}

/**
 * The cases of a JSON case file's bytes, read a case at a time, or null when the file must be
 * read whole. When it reads them, `bytes` is its own from then on (it squeezes them in place);
 * null leaves them as they were.
 */
export function readJsonCasesOneAtATime(
  bytes: Buffer,
  displayName: string,
  contract: ContractValues,
  checkSeverities: Readonly<Record<string, Severity>>,
  withLines: boolean,
): JsonCasesOneAtATime | null {
  // Invalid UTF-8 is named by the whole-file reading; a valid file is never decoded whole.
  if (!isUtf8(bytes)) return null;
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const scan = scanJsonObjectWithList(bytes, start, 'cases');
  if (scan === null || scan.itemStarts.length === 0) return null;
  const root = topLevel(bytes, scan.members, scan.listPosition);
  const accepts = caseFileAcceptors();
  if (root === null || !accepts.topLevel(root)) return null;
  // Problems are only counted here (any one sends the file to the whole reading), so they need no place.
  const file: StructuredFile = { displayName, value: root, locate: () => null };
  if (topLevelRuleProblems(file, contract, root).length > 0) return null;
  const defaults = (root['defaults'] ?? {}) as CaseDefaults & Record<string, unknown>;
  const resolve = caseResolver(defaults, checkSeverities);

  const { itemStarts, itemEnds } = scan;
  const traceFixtures: string[] = new Array<string>(itemStarts.length);
  const firstIndexById = new Map<string, number>();
  const problems: string[] = [];
  for (let index = 0; index < itemStarts.length; index += 1) {
    const entry = parseRange(bytes, itemStarts[index] as number, itemEnds[index] as number);
    if (entry === undefined || !accepts.caseEntry(entry)) return null;
    caseRuleProblems(file, contract, defaults, entry, index, firstIndexById, problems);
    if (problems.length > 0) return null;
    traceFixtures[index] = resolve(entry as CaseEntryInput).traceFixture;
  }
  // The lines are counted in the bytes as read, before they are squeezed.
  const lineOfCase = withLines ? caseLineFinder(itemLines(bytes, itemStarts), firstIndexById) : noLine;
  const kept = compactRanges(bytes, itemStarts, itemEnds);
  return { cases: new CasesReadOneAtATime(kept, itemStarts, itemEnds, resolve, traceFixtures), lineOfCase };
}

/**
 * Made here, not inline: a closure keeps the whole scope it was made in alive, so the ids of
 * every case would stay in memory for the run even when no line is asked for.
 */
function caseLineFinder(
  lines: readonly number[],
  indexById: ReadonlyMap<string, number>,
): (caseId: string) => number | null {
  return (caseId) => lines[indexById.get(caseId) ?? -1] ?? null;
}

function noLine(): null {
  return null;
}

/**
 * The ranges' bytes without the white space between tokens, one after another in a buffer of
 * their size, the ranges moved to match: what the run keeps of the file. An indented file is
 * about half white space, and a JSON value reads the same without it. The white space is
 * squeezed out in place (the copy never overtakes the reading), so `bytes`, which the caller
 * no longer reads, is the only other buffer meanwhile. A plain loop: a pass over every byte of
 * the cases.
 */
function compactRanges(bytes: Buffer, starts: number[], ends: number[]): Buffer {
  let to = 0;
  for (let index = 0; index < starts.length; index += 1) {
    const start = starts[index] as number;
    const end = ends[index] as number;
    starts[index] = to;
    let inString = false;
    for (let from = start; from < end; from += 1) {
      const code = bytes[from] as number;
      if (inString) {
        bytes[to++] = code;
        // An escaped character (a quote or a backslash above all) is copied with its backslash.
        if (code === 0x5c) bytes[to++] = bytes[++from] as number;
        else if (code === 0x22) inString = false;
      } else if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) {
        bytes[to++] = code;
        if (code === 0x22) inString = true;
      }
    }
    ends[index] = to;
  }
  return Buffer.from(bytes.subarray(0, to));
}

/** The JSON value of a byte range, or undefined when it is not one. */
function parseRange(bytes: Buffer, start: number, end: number): unknown {
  return parseJsonOrUndefined(bytes.toString('utf8', start, end));
}

/** The file's value without its cases (an empty list in their place, keys in file order), or null when a member is not JSON. */
function topLevel(
  bytes: Buffer,
  members: readonly { key: string; start: number; end: number }[],
  listPosition: number,
): Record<string, unknown> | null {
  const entries: [string, unknown][] = [];
  for (const member of members) {
    const value = parseRange(bytes, member.start, member.end);
    if (value === undefined) return null;
    entries.push([member.key, value]);
  }
  entries.splice(listPosition, 0, ['cases', []]);
  // Built with fromEntries, so every key stays an own key, whatever its name.
  return Object.fromEntries(entries);
}

/** The 1-based line of each case's `{`: a JSON string holds no raw line break, so every one counts. */
function itemLines(bytes: Buffer, starts: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let at = 0;
  for (const start of starts) {
    for (let next = bytes.indexOf(0x0a, at); next !== -1 && next < start; next = bytes.indexOf(0x0a, next + 1)) {
      line += 1;
    }
    at = start;
    lines.push(line);
  }
  return lines;
}
