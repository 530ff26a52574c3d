import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import { InputError } from '../errors.js';

/** Anchors may be reused freely in a hand-written file; a billion-laughs expansion may not. */
export const MAX_YAML_ALIAS_COUNT = 10_000;
/** Nesting levels a YAML input may have; case files and configs use fewer than ten. */
export const MAX_YAML_NESTING_DEPTH = 100;

/** A YAML text's value, and the line and column of the node at a path in it. */
export interface YamlDocument {
  value: unknown;
  locate(path: readonly PropertyKey[]): { line: number; column: number } | null;
}

/**
 * A YAML text read by the documented parser (YAML 1.2 core schema, duplicate keys refused, alias
 * expansion bounded), with every problem named by its line and column; nesting is checked by
 * the caller before. Each node keeps its position, so any path can be located.
 */
export function parseYamlDocument(text: string, displayName: string): YamlDocument {
  // Required on first use, not imported: only a file with a problem, or a problem's line, needs the yaml package.
  const parser = createRequire(import.meta.url)('yaml') as typeof Yaml;
  const { LineCounter, parseDocument } = parser;
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, logLevel: 'error' });
  if (document.errors.length > 0) {
    throw new InputError(
      document.errors.map((error) => {
        // With prettyErrors off the parser leaves linePos unset; the offset is always there.
        const { line, col } = lineCounter.linePos(error.pos[0]);
        return `${displayName}:${line}:${col}: ${yamlErrorText(error.code, error.message)}`;
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
    const alias = firstAlias(parser, document, unresolved);
    const position = alias === null ? null : lineCounter.linePos(alias.offset);
    const where = position === null ? '' : `:${position.line}:${position.col}`;
    throw new InputError(
      unresolved
        ? `${displayName}${where}: found the alias *${alias?.name ?? ''} with no anchor &${alias?.name ?? ''} before it; expected an anchor defined before its alias`
        : `${displayName}${where}: found aliases (*name) that expand to too many nodes; expected at most ${MAX_YAML_ALIAS_COUNT} alias references in the file`,
    );
  }
  const locate = (path: readonly PropertyKey[]): { line: number; column: number } | null => {
    const range = nodeAt(parser, document.contents, path)?.range;
    if (range === undefined || range === null) return null;
    const { line, col } = lineCounter.linePos(range[0]);
    return { line, column: col };
  };
  return { value, locate };
}

function yamlErrorText(code: string, message: string): string {
  if (code === 'MULTIPLE_DOCS')
    return 'found a second YAML document (after a `---` line); expected one document per file';
  return `YAML syntax error: ${message.split('\n')[0]}; expected valid YAML`;
}

/**
 * The alias to name in the message, with its offset: the first one not preceded by its anchor
 * (`unresolved`), else simply the first one.
 */
function firstAlias(
  parser: typeof Yaml,
  document: Yaml.Document.Parsed,
  unresolved: boolean,
): { offset: number; name: string } | null {
  const { isAlias, isNode, visit } = parser;
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
function nodeAt(parser: typeof Yaml, root: unknown, path: readonly PropertyKey[]): Yaml.Node | null {
  const { isMap, isScalar, isSeq } = parser;
  let node = root as Yaml.Node | null;
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(segment));
      if (pair === undefined) return node;
      if (segment === path[path.length - 1]) return (isScalar(pair.key) ? pair.key : node) as Yaml.Node;
      node = pair.value as Yaml.Node | null;
    } else if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment] as Yaml.Node | undefined;
      if (item === undefined) return node;
      node = item;
    } else {
      return node;
    }
  }
  return node;
}
