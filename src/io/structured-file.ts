import { extname } from 'node:path';
import type * as z from 'zod/mini';
import { InputError } from './errors.js';
import { readBoundedFileSync } from './files/bounded-read.js';
import { decodeUtf8 } from './files/decode-text.js';
import { MAX_CASE_FILE_BYTES } from './files/input-limits.js';
import { createJsonLocator, type JsonLocator } from './json/json-locate.js';
import { parseJson } from './json/parse-json.js';
import { closestKey } from './validation/closest-key.js';
import { describeValue, MAX_QUOTED_CHARACTERS, quotedText } from './validation/describe-value.js';
import { schemaKeysAt } from './validation/schema-keys.js';
import { loadYaml } from './yaml/js-yaml.js';
import { yamlNestingDepth } from './yaml/yaml-depth.js';
import { MAX_YAML_NESTING_DEPTH, parseYamlDocument, type YamlDocument } from './yaml/yaml-document.js';
import { locateByPiece } from './yaml/yaml-in-pieces.js';

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

/**
 * An input file (case file, config, policies, `--sessions`), read up to MAX_CASE_FILE_BYTES;
 * `expected` (what the file should have been) follows a problem that stops the read.
 */
export async function readStructuredFile(
  path: string,
  displayName: string,
  expected?: string,
): Promise<StructuredFile> {
  return structuredFileOfBytes(
    readInputFile(path, displayName, MAX_CASE_FILE_BYTES, expected),
    displayName,
    syntaxOf(path),
  );
}

/** JSON for a `.json` file, else YAML (which reads JSON too). */
export function syntaxOf(path: string): 'json' | 'yaml' {
  return extname(path).toLowerCase() === '.json' ? 'json' : 'yaml';
}

/** The bytes of an input file, decoded and parsed as readStructuredFile does. */
export function structuredFileOfBytes(bytes: Buffer, displayName: string, syntax: 'json' | 'yaml'): StructuredFile {
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) throw new InputError(`${displayName}: ${decoded.problem}`);
  return parseStructuredText(decoded.text, displayName, syntax);
}

export function parseStructuredText(text: string, displayName: string, syntax: 'json' | 'yaml'): StructuredFile {
  if (syntax === 'json') {
    const parsed = parseJson(text);
    if (!parsed.ok) {
      const where = parsed.line === null ? '' : `:${parsed.line}:${parsed.column}`;
      throw new InputError(`${displayName}${where}: ${parsed.problem}`);
    }
    // Lines are found only when a problem has to be named, by a light scanner over the text, never by a second full parse.
    let locator: JsonLocator | null = null;
    return { displayName, value: parsed.value, locate: (path) => (locator ??= createJsonLocator(text)).locate(path) };
  }
  // js-yaml reads a well-formed file; the yaml package reads a file js-yaml refuses (to name its
  // problem in the documented words and place) and names the line of a problem found later.
  const read = loadYaml(text, MAX_YAML_NESTING_DEPTH);
  if (read === null) {
    const tooDeep = yamlNestingDepth(text, MAX_YAML_NESTING_DEPTH);
    if (tooDeep !== null) {
      throw new InputError(
        `${displayName}:${tooDeep.line}:${tooDeep.column}: nesting deeper than ${MAX_YAML_NESTING_DEPTH} levels; expected at most ${MAX_YAML_NESTING_DEPTH} levels of lists and maps`,
      );
    }
    return { displayName, ...parseYamlDocument(text, displayName) };
  }
  let documented: YamlDocument | null = null;
  const whole = (path: readonly PropertyKey[]) => (documented ??= parseYamlDocument(text, displayName)).locate(path);
  const locate = read.pieces === null ? whole : locateByPiece(text, displayName, read.pieces, whole);
  return { displayName, value: read.value, locate };
}

/** `cases[2].audit.v2` */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? quotedText(String(segment)) : `.${quotedText(String(segment))}`;
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
 * `knownKeys`, every key of the file's schema, tells a key misplaced from a key unknown; an
 * unknown one is answered with the key probably meant among those `schema` (the schema the
 * issues are of) allows at its place, else with those keys, or, without `schema`, with the
 * closest of `knownKeys`.
 */
export function schemaProblems(
  file: StructuredFile,
  issues: readonly z.core.$ZodIssue[],
  knownKeys: readonly string[],
  schema?: z.core.$ZodType,
): string[] {
  const problems: string[] = [];
  for (const issue of issues) {
    const branch = onlyBranchThatFits(issue);
    if (branch !== null) {
      problems.push(...schemaProblems(file, branch, knownKeys, schema));
      continue;
    }
    if (issue.code === 'unrecognized_keys') {
      const here = schema === undefined ? [] : schemaKeysAt(schema, issue.path);
      for (const key of issue.keys) {
        problems.push(problemAt(file, [...issue.path, key], unknownKeyMessage(key, knownKeys, here)));
      }
      continue;
    }
    const found = valueAt(file.value, issue.path);
    const message =
      found === undefined ? `missing; ${issue.message}` : `found ${describeValue(found)}, ${issue.message}`;
    problems.push(problemAt(file, issue.path, message));
  }
  return problems;
}

/** What an unknown `key` is told, `here` being the keys allowed at its place (none when not known). */
function unknownKeyMessage(key: string, knownKeys: readonly string[], here: readonly string[]): string {
  // A key known elsewhere in the file but not allowed at this place (e.g. `id` in `defaults`).
  if (knownKeys.includes(key))
    return `found key "${key}", which is not allowed here; expected it elsewhere in the file`;
  // An over-long key is no misspelling of a known one (and not worth a distance of millions of steps).
  const suggestion = key.length > MAX_QUOTED_CHARACTERS ? null : closestKey(key, here.length > 0 ? here : knownKeys);
  if (suggestion !== null) return `unknown key "${quotedText(key)}" (did you mean "${suggestion}"?)`;
  return `unknown key "${quotedText(key)}"${here.length === 0 ? '' : `; expected one of ${here.join(', ')}`}`;
}

/**
 * A value that fits one alternative of a union by its type but breaks it inside (`{ any: [] }`
 * among "a tool name or { any: [...] }") is better told what is wrong inside it than that it is
 * none of the alternatives: the issue of that alternative, at its own path. null when no single
 * alternative is of the value's type, or it has more than one issue.
 */
function onlyBranchThatFits(issue: z.core.$ZodIssue): z.core.$ZodIssue[] | null {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return null;
  const fitting = issue.errors.filter(
    (branch) => !branch.every((inner) => inner.code === 'invalid_type' && inner.path.length === 0),
  );
  // One issue inside: several (a misspelt key and the key it stood for) read better as the union's own message.
  if (fitting.length !== 1 || fitting[0]?.length !== 1) return null;
  return fitting[0].map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }));
}

/** An input file's bytes, read with the bounded reader; what stops it is an InputError naming the file and, when given, what it should have been. */
export function readInputFile(path: string, displayName: string, limitBytes: number, expected?: string): Buffer {
  const read = readBoundedFileSync(path, limitBytes);
  if (read.ok) return read.bytes;
  if (read.tooLarge !== undefined) throw new InputError(`${displayName}: the file ${read.problem}`);
  const tail = expected === undefined || read.problem.includes('; expected') ? '' : `; ${expected}`;
  throw new InputError(`${displayName}: ${read.problem}${tail}`);
}
