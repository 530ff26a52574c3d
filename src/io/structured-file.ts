import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import type * as z from 'zod/mini';
import { InputError } from '../errors.js';
import { decodeUtf8 } from './decode-text.js';
import { describeValue } from './describe-value.js';
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

export async function readStructuredFile(path: string, displayName: string): Promise<StructuredFile> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new InputError(`${displayName}: cannot read the file (${describeFsError(error)})`);
  }
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) throw new InputError(`${displayName}: ${decoded.problem}`);
  return parseStructuredText(decoded.text, displayName, extname(path).toLowerCase() === '.json' ? 'json' : 'yaml');
}

export function parseStructuredText(text: string, displayName: string, syntax: 'json' | 'yaml'): StructuredFile {
  // JSON is read by JSON.parse (strict JSON), YAML by the yaml package; both are also read
  // as a YAML document (JSON is YAML) only to map paths back to lines. For JSON that second
  // reading waits until a problem has to be located: the yaml parser is many times slower than
  // JSON.parse, and a large, valid, generated JSON case file never needs it.
  const lineCounter = new LineCounter();
  let parsedDocument: ReturnType<typeof parseDocument> | null = null;
  const yamlDocument = (): ReturnType<typeof parseDocument> =>
    (parsedDocument ??= parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false }));
  let value: unknown;
  if (syntax === 'json') {
    const parsed = parseJson(text);
    if (!parsed.ok) {
      const where = parsed.line === null ? '' : `:${parsed.line}:${parsed.column}`;
      throw new InputError(`${displayName}${where}: ${parsed.problem}`);
    }
    value = parsed.value;
  } else {
    const document = yamlDocument();
    if (document.errors.length > 0) {
      throw new InputError(
        document.errors.map((error) => {
          // With prettyErrors off the parser leaves linePos unset; the offset is always there.
          const position = error.linePos?.[0] ?? lineCounter.linePos(error.pos[0]);
          const where = `:${position.line}:${position.col}`;
          return `${displayName}${where}: YAML syntax error: ${firstLine(error.message)}`;
        }),
      );
    }
    value = document.toJS({ maxAliasCount: 100 }) as unknown;
  }
  const locate = (path: readonly PropertyKey[]): { line: number; column: number } | null => {
    const node = nodeAt(yamlDocument().contents, path);
    if (node?.range === undefined || node.range === null) return null;
    const position = lineCounter.linePos(node.range[0]);
    return { line: position.line, column: position.col };
  };
  return { displayName, value, locate };
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
        problems.push(
          problemAt(file, [...issue.path, key], `unknown key "${key}"${suggestion === null ? '' : ` (did you mean "${suggestion}"?)`}`),
        );
      }
      continue;
    }
    const found = valueAt(file.value, issue.path);
    const message = found === undefined ? `missing; ${issue.message}` : `found ${describeValue(found)}, ${issue.message}`;
    problems.push(problemAt(file, issue.path, message));
  }
  return problems;
}

/** The known key closest to `key` by edit distance, when it is close enough to be a likely typo. */
export function closestKey(key: string, knownKeys: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Math.max(2, Math.floor(key.length / 3)) + 1;
  for (const candidate of knownKeys) {
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a folder, expected a file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}
