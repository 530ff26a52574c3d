import { extname } from 'node:path';
import { isAlias, isMap, isNode, isScalar, isSeq, LineCounter, parseDocument, visit, type Node as YamlNode } from 'yaml';
import type * as z from 'zod/mini';
import { InputError } from '../errors.js';
import { readBoundedFileSync } from './bounded-read.js';
import { decodeUtf8 } from './decode-text.js';
import { describeFsError } from './fs-problem.js';
import { MAX_CASE_FILE_BYTES } from './input-limits.js';
import { createJsonLocator, type JsonLocator } from './json-locate.js';
import { yamlNestingDepth } from './yaml-depth.js';
import { describeValue } from './describe-value.js';
import { closestKey } from './closest-key.js';
import { parseJson } from './parse-json.js';

/**
 * A YAML or JSON input file (case file, config), parsed, with a way back from a path inside
 * the value to its line and column, so every problem can be named where the user will look.
 */
export interface StructuredFile {
  displayName: string;
  value: unknown;
  locate(path: readonly PropertyKey[]): { line: number; column: number } | null;
}

export type PathSegment = string | number;

export async function readStructuredFile(path: string, displayName: string, limitBytes: number = MAX_CASE_FILE_BYTES): Promise<StructuredFile> {
  const bytes = readInputFile(path, displayName, limitBytes);
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) throw new InputError(`${displayName}: ${decoded.problem}`);
  return parseStructuredText(decoded.text, displayName, extname(path).toLowerCase() === '.json' ? 'json' : 'yaml');
}

/** Anchors may be reused freely in a hand-written file; a billion-laughs expansion may not. */
export const MAX_YAML_ALIAS_COUNT = 10_000;
/** Nesting levels a YAML input may have; case files and configs use fewer than ten. */
export const MAX_YAML_NESTING_DEPTH = 100;

export function parseStructuredText(text: string, displayName: string, syntax: 'json' | 'yaml'): StructuredFile {
  if (syntax === 'json') {
    // JSON is read by JSON.parse (strict JSON). Lines are found only when a problem has to be
    // named, by a light scanner over the text, never by a second full parse.
    const parsed = parseJson(text);
    if (!parsed.ok) {
      const where = parsed.line === null ? '' : `:${parsed.line}:${parsed.column}`;
      throw new InputError(`${displayName}${where}: ${parsed.problem}`);
    }
    let locator: JsonLocator | null = null;
    return { displayName, value: parsed.value, locate: (path) => (locator ??= createJsonLocator(text)).locate(path) };
  }
  const tooDeep = yamlNestingDepth(text, MAX_YAML_NESTING_DEPTH);
  if (tooDeep !== null) {
    throw new InputError(
      `${displayName}:${tooDeep.line}:${tooDeep.column}: nesting deeper than ${MAX_YAML_NESTING_DEPTH} levels; expected at most ${MAX_YAML_NESTING_DEPTH} levels of lists and maps`,
    );
  }
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, logLevel: 'error' });
  if (document.errors.length > 0) {
    throw new InputError(
      document.errors.map((error) => {
        // With prettyErrors off the parser leaves linePos unset; the offset is always there.
        const position = error.linePos?.[0] ?? lineCounter.linePos(error.pos[0]);
        const where = `:${position.line}:${position.col}`;
        return `${displayName}${where}: ${yamlErrorText(error.code, error.message)}`;
      }),
    );
  }
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: MAX_YAML_ALIAS_COUNT }) as unknown;
  } catch (error) {
    // The parser refuses an alias expansion larger than the limit (a "billion laughs" file), and
    // an alias whose anchor is not defined before it; both are the file's problems.
    const message = error instanceof Error ? error.message : '';
    const unresolved = /^Unresolved alias/iu.test(message);
    if (!unresolved && !/alias count/iu.test(message)) throw error;
    const alias = firstAlias(document, unresolved);
    const where = alias === null ? '' : `:${lineCounter.linePos(alias.offset).line}:${lineCounter.linePos(alias.offset).col}`;
    throw new InputError(
      unresolved
        ? `${displayName}${where}: found the alias *${alias?.name ?? ''} with no anchor &${alias?.name ?? ''} before it; expected an anchor defined before its alias`
        : `${displayName}${where}: found aliases (*name) that expand to too many nodes; expected at most ${MAX_YAML_ALIAS_COUNT} alias references in the file`,
    );
  }
  const locate = (path: readonly PropertyKey[]): { line: number; column: number } | null => {
    const node = nodeAt(document.contents, path);
    if (node?.range === undefined || node.range === null) return null;
    const position = lineCounter.linePos(node.range[0]);
    return { line: position.line, column: position.col };
  };
  return { displayName, value, locate };
}

function yamlErrorText(code: string, message: string): string {
  if (code === 'MULTIPLE_DOCS') return 'found a second YAML document (after a `---` line); expected one document per file';
  return `YAML syntax error: ${firstLine(message)}; expected valid YAML`;
}

/**
 * The alias to name in the message, with its offset: the first one not preceded by its anchor
 * (`unresolved`), else simply the first one.
 */
function firstAlias(document: ReturnType<typeof parseDocument>, unresolved: boolean): { offset: number; name: string } | null {
  const anchors = new Set<string>();
  let found: { offset: number; name: string } | null = null;
  visit(document, (_key, node) => {
    if (isAlias(node)) {
      if (unresolved && anchors.has(node.source)) return undefined;
      found = { offset: node.range?.[0] ?? 0, name: node.source };
      return visit.BREAK;
    }
    if (isNode(node) && typeof node.anchor === 'string') anchors.add(node.anchor);
    return undefined;
  });
  return found;
}

/** The deepest node on the path; for a map entry, its key, so the line shown is the one with the key. */
function nodeAt(root: unknown, path: readonly PropertyKey[]): YamlNode | null {
  let node = root as YamlNode | null;
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(segment));
      if (pair === undefined) return node;
      if (segment === path[path.length - 1]) return (isScalar(pair.key) ? pair.key : node) as YamlNode;
      node = pair.value as YamlNode | null;
    } else if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment] as YamlNode | undefined;
      if (item === undefined) return node;
      node = item;
    } else {
      return node;
    }
  }
  return node;
}

/** `cases[2].audit.v2` */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out === '' ? '(top level)' : out;
}

export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

/** One problem line: `file:line:column: path: message`. */
export function problemAt(file: StructuredFile, path: readonly PropertyKey[], message: string): string {
  const where = file.locate(path);
  return `${file.displayName}${where === null ? '' : `:${where.line}:${where.column}`}: ${formatPath(path)}: ${message}`;
}

/**
 * Every zod issue as one problem line, naming what was found beside what was expected.
 * `knownKeys` lets an unknown key be answered with the key that was probably meant.
 */
export function schemaProblems(file: StructuredFile, issues: readonly z.core.$ZodIssue[], knownKeys: readonly string[]): string[] {
  const problems: string[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const suggestion = closestKey(key, knownKeys);
        // A key known elsewhere in the file but not allowed at this place (e.g. `id` in `defaults`).
        const message =
          suggestion === key
            ? `found key "${key}", which is not allowed here; expected it elsewhere in the file`
            : `unknown key "${key}"${suggestion === null ? '' : ` (did you mean "${suggestion}"?)`}`;
        problems.push(problemAt(file, [...issue.path, key], message));
      }
      continue;
    }
    const found = valueAt(file.value, issue.path);
    const message = found === undefined ? `missing; ${issue.message}` : `found ${describeValue(found)}, ${issue.message}`;
    problems.push(problemAt(file, issue.path, message));
  }
  return problems;
}

export { closestKey, describeFsError };

/**
 * An input file's bytes, read with the bounded reader; anything that stops it (missing, not a
 * regular file, too large) is an InputError naming the file. `expected` is appended to the
 * message when given (what the file should have been).
 */
export function readInputFile(path: string, displayName: string, limitBytes: number, expected?: string): Buffer {
  const read = readBoundedFileSync(path, limitBytes);
  if (read.ok) return read.bytes;
  const problem = read.tooLarge === undefined ? read.problem : `the file ${read.problem}`;
  throw new InputError(`${displayName}: ${problem}${expected === undefined || read.tooLarge !== undefined || problem.includes('; expected') ? '' : `; ${expected}`}`);
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}
