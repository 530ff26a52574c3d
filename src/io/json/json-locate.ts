import { type TextPosition, textPositions } from './text-position.js';

/**
 * Finds where a path inside a JSON text starts, without parsing the text again into a syntax
 * tree: a light scanner steps over values it does not need. Used only when a problem has to be
 * named with its line, so a valid file never pays for it; an invalid one pays for one pass over
 * each container on the path (the list of cases once), not for a second full parse. The text is
 * one JSON.parse has accepted.
 *
 * The place given is the one a YAML reading of the file would give: for an object member the
 * start of its key, for an array item the item; when the path leaves the text (a missing key),
 * the deepest container that exists.
 */
export interface JsonLocator {
  locate(path: readonly PropertyKey[]): TextPosition | null;
}

/** Where a member's key (an item: the item itself) and its value start. */
interface Child {
  key: number;
  value: number;
}

/** A container's children found so far (by key, or by index), and the scan that finds the rest. */
interface Container {
  found: Map<PropertyKey, Child>;
  rest: Iterator<[PropertyKey, Child]>;
}

export function createJsonLocator(text: string): JsonLocator {
  const space = /[ \t\n\r]*/y;
  const string = /"[^"\\]*(?:\\.[^"\\]*)*"/y;
  const scalar = /[^ \t\n\r,\]}]*/y;
  /**
   * The next whole string or bracket: a string is matched to its closing quote in one step of the
   * regular expression engine, escapes included, so the scan makes no step per string in script
   * (`test` with the `g` flag moves lastIndex without making a match object). A match that ends in
   * a quote was a string; one that ends in a bracket, that bracket.
   */
  const stringOrBracket = /"[^"\\]*(?:\\.[^"\\]*)*"|[[\]{}]/g;
  const endOf = (pattern: RegExp, at: number): number => {
    pattern.lastIndex = at;
    pattern.test(text);
    return pattern.lastIndex;
  };

  /** Index just after the value that starts at `at`; containers are skipped by counting brackets. */
  const skipValue = (at: number): number => {
    const first = text[at];
    if (first === '"') return endOf(string, at);
    if (first !== '{' && first !== '[') return endOf(scalar, at);
    let depth = 0;
    stringOrBracket.lastIndex = at;
    while (stringOrBracket.test(text)) {
      const end = text[stringOrBracket.lastIndex - 1];
      if (end === '{' || end === '[') depth += 1;
      else if (end === '}' || end === ']') {
        depth -= 1;
        if (depth === 0) return stringOrBracket.lastIndex;
      }
    }
    return text.length;
  };

  /**
   * The members or items of the container at `start`, one at a time: each is handed on before its
   * value is stepped over, so the key `cases` of a case file is found without stepping over the
   * list of cases, and a later lookup goes on from where the last one stopped.
   */
  function* childrenOf(start: number): Generator<[PropertyKey, Child]> {
    const isObject = text[start] === '{';
    let at = endOf(space, start + 1);
    for (let index = 0; at < text.length && text[at] !== (isObject ? '}' : ']'); index += 1) {
      if (isObject) {
        const keyEnd = endOf(string, at);
        const value = endOf(space, endOf(space, keyEnd) + 1);
        yield [JSON.parse(text.slice(at, keyEnd)) as string, { key: at, value }];
        at = value;
      } else {
        yield [index, { key: at, value: at }];
      }
      at = endOf(space, skipValue(at));
      if (text[at] !== ',') return;
      at = endOf(space, at + 1);
    }
  }

  const containers = new Map<number, Container>();
  const childAt = (start: number, segment: PropertyKey): Child | undefined => {
    const isObject = text[start] === '{';
    if (!isObject && (text[start] !== '[' || typeof segment !== 'number')) return undefined;
    let container = containers.get(start);
    if (container === undefined) {
      container = { found: new Map(), rest: childrenOf(start) };
      containers.set(start, container);
    }
    const wanted = isObject ? String(segment) : segment;
    while (!container.found.has(wanted)) {
      const next = container.rest.next();
      if (next.done === true) return undefined;
      // Of two equal keys the first is the one named.
      if (!container.found.has(next.value[0])) container.found.set(next.value[0], next.value[1]);
    }
    return container.found.get(wanted);
  };

  const position = textPositions(text);
  return {
    locate(path) {
      let node = endOf(space, 0);
      if (node >= text.length) return null;
      for (let index = 0; index < path.length; index += 1) {
        const child = childAt(node, path[index] as PropertyKey);
        if (child === undefined) break;
        if (index === path.length - 1) return position(child.key);
        node = child.value;
      }
      return position(node);
    },
  };
}
