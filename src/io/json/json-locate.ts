import { type TextPosition, textPositions } from './text-position.js';

/**
 * Finds where a path inside a JSON text starts, without parsing the text again into a syntax
 * tree: a light scanner steps over values it does not need. Used only when a problem has to be
 * named with its line, so a valid file never pays for it; an invalid one pays for one pass over
 * each container on the path (the list of cases once), not for a second full parse.
 *
 * The place given is the one a YAML reading of the file would give: for an object member the
 * start of its key, for an array item the item; when the path leaves the text (a missing key),
 * the deepest container that exists.
 */
export interface JsonLocator {
  locate(path: readonly PropertyKey[]): TextPosition | null;
}

/** A container's members or items found so far; `resumeAt` is where the scan goes on unless `done`. */
type Children =
  | {
      kind: 'object';
      keys: Map<string, { key: number; value: number }>;
      resumeAt: number;
      done: boolean;
      /** `resumeAt` is the value of the key last found, not yet stepped over. */
      atValue: boolean;
    }
  | { kind: 'array'; items: number[]; resumeAt: number; done: boolean };

/**
 * The next whole string or bracket: a string is matched to its closing quote in one step of the
 * regular expression engine, escapes included, so the scan makes no step per string in script
 * (`test` with the `g` flag moves lastIndex without making a match object). A match that ends in
 * a quote was a string; one that ends in a bracket, that bracket.
 */
const STRING_OR_BRACKET = /"[^"\\]*(?:\\.[^"\\]*)*"|[[\]{}]/g;

export function createJsonLocator(text: string): JsonLocator {
  const children = new Map<number, Children | null>();

  const skipSpace = (index: number): number => {
    let at = index;
    for (;;) {
      const code = text.charCodeAt(at);
      if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) at += 1;
      else return at;
    }
  };

  /** Index just after the string that starts at `index` (on its opening quote). */
  const skipString = (index: number): number => {
    let at = index + 1;
    for (;;) {
      const quote = text.indexOf('"', at);
      if (quote === -1) return text.length;
      let backslashes = 0;
      for (let back = quote - 1; back > index && text.charCodeAt(back) === 0x5c; back -= 1) backslashes += 1;
      if (backslashes % 2 === 0) return quote + 1;
      at = quote + 1;
    }
  };

  /** Index just after the value that starts at `index`; containers are skipped by counting brackets. */
  const skipValue = (index: number): number => {
    const first = text.charCodeAt(index);
    if (first === 0x22) return skipString(index);
    if (first === 0x7b || first === 0x5b) {
      // From one bracket or string to the next, each found by the expression without a step per character.
      let depth = 0;
      STRING_OR_BRACKET.lastIndex = index;
      for (;;) {
        if (!STRING_OR_BRACKET.test(text)) return text.length;
        const end = STRING_OR_BRACKET.lastIndex;
        const code = text.charCodeAt(end - 1);
        if (code === 0x22) continue;
        if (code === 0x7b || code === 0x5b) depth += 1;
        else {
          depth -= 1;
          if (depth === 0) return end;
        }
      }
    }
    let at = index;
    for (; at < text.length; at += 1) {
      const code = text.charCodeAt(at);
      if (
        code === 0x20 ||
        code === 0x0a ||
        code === 0x0d ||
        code === 0x09 ||
        code === 0x2c ||
        code === 0x5d ||
        code === 0x7d
      )
        break;
    }
    return at;
  };

  /**
   * The members or items of the container at `start`, scanned only as far as a lookup needs
   * (`wanted`: a key, or an index), and from where the last scan stopped: the key `cases` of a
   * case file is found without stepping over the list of cases, and its last item in one pass.
   */
  const childrenOf = (start: number, wanted: PropertyKey): Children | null => {
    let found = children.get(start);
    if (found === undefined) {
      const open = text.charCodeAt(start);
      found =
        open === 0x7b
          ? { kind: 'object', keys: new Map(), resumeAt: skipSpace(start + 1), done: false, atValue: false }
          : open === 0x5b
            ? { kind: 'array', items: [], resumeAt: skipSpace(start + 1), done: false }
            : null;
      children.set(start, found);
    }
    if (found === null || found.done) return found;
    if (
      found.kind === 'object'
        ? found.keys.has(String(wanted))
        : typeof wanted === 'number' && found.items.length > wanted
    )
      return found;
    if (found.kind === 'object') {
      const { keys } = found;
      let at = found.resumeAt;
      let done = true;
      if (found.atValue) {
        // The value of the key found last time (the list of cases, say) is stepped over only now that a later key is wanted.
        at = skipSpace(skipValue(at));
        at = text.charCodeAt(at) === 0x2c ? skipSpace(at + 1) : text.length;
        found.atValue = false;
      }
      while (at < text.length && text.charCodeAt(at) === 0x22) {
        const keyEnd = skipString(at);
        const raw = text.slice(at, keyEnd);
        let key: string;
        try {
          key = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        } catch {
          break;
        }
        at = skipSpace(keyEnd);
        if (text.charCodeAt(at) !== 0x3a) break;
        const value = skipSpace(at + 1);
        if (!keys.has(key)) keys.set(key, { key: keyEnd - raw.length, value });
        if (key === String(wanted)) {
          at = value;
          found.atValue = true;
          done = false;
          break;
        }
        at = skipSpace(skipValue(value));
        if (text.charCodeAt(at) !== 0x2c) break;
        at = skipSpace(at + 1);
      }
      found.resumeAt = at;
      found.done = done;
    } else {
      const { items } = found;
      const wantedIndex = typeof wanted === 'number' ? wanted : Infinity;
      let at = found.resumeAt;
      let done = true;
      while (at < text.length && text.charCodeAt(at) !== 0x5d) {
        items.push(at);
        at = skipSpace(skipValue(at));
        if (text.charCodeAt(at) !== 0x2c) break;
        at = skipSpace(at + 1);
        if (items.length > wantedIndex) {
          done = false;
          break;
        }
      }
      found.resumeAt = at;
      found.done = done;
    }
    return found;
  };

  const position = textPositions(text);

  return {
    locate(path) {
      let node = skipSpace(0);
      if (node >= text.length) return null;
      for (let index = 0; index < path.length; index += 1) {
        const segment = path[index];
        const found = childrenOf(node, segment as PropertyKey);
        if (found?.kind === 'object') {
          const member = found.keys.get(String(segment));
          if (member === undefined) break;
          if (index === path.length - 1) return position(member.key);
          node = member.value;
        } else if (found?.kind === 'array' && typeof segment === 'number') {
          const item = found.items[segment];
          if (item === undefined) break;
          node = item;
        } else {
          break;
        }
      }
      return position(node);
    },
  };
}
