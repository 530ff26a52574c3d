import { readSubsetAsJson } from './yaml-subset-as-json.js';
import {
  COLON,
  DASH,
  HASH,
  KEY,
  KEY_WORDS,
  LONE_SURROGATE_ESCAPE,
  MAX_SUBSET_DEPTH,
  NOT_IN_SUBSET,
  notInSubset,
  resolvePlain,
  SPACE,
} from './yaml-subset-syntax.js';

/**
 * A YAML text's value, read by a small reader of the YAML that case files and configs are
 * written in, or null when the text uses anything else; the fast parser (yaml-quick.ts) then
 * reads it, and the documented parser (yaml-document.ts) names its problems.
 *
 * What is read here: block mappings with plain keys, block sequences (also at the key's own
 * indentation), and on one line each: flow lists and maps (also JSON's, `{"a":1}`), double-quoted text with JSON's
 * escapes, single-quoted text, plain scalars resolved by the YAML 1.2 core schema (`yes`, `on`,
 * `0o17`, `14:05` are what the core schema says; what this reader does not resolve itself, such
 * as `1e3` or `.inf`, it asks the fast parser about, alone), comments and blank lines. Anything
 * else (anchors, aliases, tags, block scalars, text over several lines, quoted keys, directives,
 * document markers, tabs, CR line ends, a duplicate key, a `__proto__` key) returns null, and so
 * does anything malformed: a file with a problem is never read here.
 *
 * Why: the fast parser builds an event list and then the values; a case file of 10,000 cases
 * is read here in a fraction of its time and memory: written out as JSON on the way and parsed by
 * JSON.parse (yaml-subset-as-json.ts), with the reader below for what that leaves open.
 * Tests hold this reader to the fast parser's values (and the YAML 1.1/1.2 differences to the
 * documented parser's) on tables and on random changes to the bundled case file.
 */
export function loadCommonYaml(text: string): { value: unknown } | null {
  // Most files are written out as JSON and read by JSON.parse, natively (yaml-subset-as-json.ts),
  // which refuses the unsupported characters as it meets them; the reader decides what that
  // leaves open (such as `.inf`, or an escape JSON does not read).
  const read = readSubsetAsJson(text);
  if (read !== null) return read;
  if (UNSUPPORTED_ANYWHERE.test(text)) return null;
  return readWithSubsetReader(text);
}

/**
 * The subset reader alone (the characters already checked): what readSubsetAsJson leaves open,
 * and what the tests hold that transcription to.
 */
export function readWithSubsetReader(text: string): { value: unknown } | null {
  try {
    const reader = new SubsetReader(text);
    const value = reader.readDocument();
    return { value };
  } catch (error) {
    if (error === NOT_IN_SUBSET) return null;
    throw error;
  }
}

/** Tabs, CR, NEL and the Unicode line separators, a byte-order mark, and characters YAML does not allow in a stream. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const UNSUPPORTED_ANYWHERE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/;

const MAX_SHARED_PIECE = 40;
const SHARED_PIECE_SLOTS = 4096;
/** Placeholders for the collection a flow value is not (never filled). */
const NO_LIST: unknown[] = [];
const NO_OBJECT: Record<string, unknown> = {};

class SubsetReader {
  private readonly text: string;
  /** The current content line: where its content starts and its indentation (column of that content). */
  private lineStart = 0;
  private lineEnd = 0;
  private content = 0;
  private indent = 0;
  private atEnd = false;
  private readonly shared = new Array<string | undefined>(SHARED_PIECE_SLOTS);
  /** Where the last flow or quoted value read ended (the index after it). */
  private after = 0;
  /** Containers open around the current one. */
  private depth = 0;
  /**
   * The first backslash at or after the last quoted text looked at (the text's length when there
   * is none): quoted texts are read in order, so the text is searched for backslashes once in all,
   * natively, rather than character by character in each quoted text.
   */
  private nextBackslash = -1;

  constructor(text: string) {
    this.text = text;
    this.seekContentLine(0);
  }

  readDocument(): unknown {
    if (this.atEnd || this.indent !== 0) notInSubset();
    const value = this.readBlockNode(0);
    if (!this.atEnd) notInSubset();
    return value;
  }

  /** Moves to the first line at or after `from` that has content other than a comment. */
  private seekContentLine(from: number): void {
    const { text } = this;
    let start = from;
    while (start < text.length) {
      let end = text.indexOf('\n', start);
      if (end === -1) end = text.length;
      let at = start;
      while (at < end && text.charCodeAt(at) === SPACE) at += 1;
      if (at < end && text.charCodeAt(at) !== HASH) {
        // Directives (`%YAML 1.1`) and document markers (`---`, `...`) are left to the other parsers.
        if (at === start && (text.charCodeAt(at) === 0x25 || text.startsWith('---', at) || text.startsWith('...', at)))
          notInSubset();
        this.lineStart = start;
        this.lineEnd = end;
        this.content = at;
        this.indent = at - start;
        return;
      }
      start = end + 1;
    }
    this.atEnd = true;
    this.lineStart = text.length;
    this.lineEnd = text.length;
    this.content = text.length;
    this.indent = -1;
  }

  private nextLine(): void {
    this.seekContentLine(this.lineEnd + 1);
  }

  private startsSequenceItem(): boolean {
    if (this.text.charCodeAt(this.content) !== DASH) return false;
    const next = this.content + 1;
    return next === this.lineEnd || this.text.charCodeAt(next) === SPACE;
  }

  /** The block node whose first line is the current one, at indentation `indent`. */
  private readBlockNode(indent: number): unknown {
    return this.startsSequenceItem() ? this.readSequence(indent) : this.readMapping(indent);
  }

  /**
   * Case files nest a few levels; deeper files are left to the fast parser, which the nesting
   * check (yaml-depth.ts, limit MAX_YAML_NESTING_DEPTH) guards, well before that limit.
   */
  private enter(): void {
    this.depth += 1;
    if (this.depth > MAX_SUBSET_DEPTH) notInSubset();
  }

  private readSequence(indent: number): unknown[] {
    this.enter();
    const items: unknown[] = [];
    while (!this.atEnd && this.indent === indent && this.startsSequenceItem()) {
      let at = this.content + 1;
      while (at < this.lineEnd && this.text.charCodeAt(at) === SPACE) at += 1;
      // `-` alone on its line, or followed by a comment, or `- - x`: left to the fast parser.
      if (at === this.lineEnd || this.text.charCodeAt(at) === HASH || this.text.charCodeAt(at) === DASH) notInSubset();
      if (this.keyEndAt(at) !== -1) {
        // `- key: value`: a mapping whose keys line up with this first one.
        this.indent = at - this.lineStart;
        this.content = at;
        items.push(this.readMapping(this.indent));
      } else {
        items.push(this.readInlineValue(at));
        this.nextLine();
      }
    }
    if (!this.atEnd && this.indent > indent) notInSubset();
    this.depth -= 1;
    return items;
  }

  /** Index just after the `:` of a plain key starting at `at` (followed by a space or the line end), else -1. */
  private keyEndAt(at: number): number {
    KEY.lastIndex = at;
    if (!KEY.test(this.text)) return -1;
    const colon = KEY.lastIndex;
    if (colon >= this.lineEnd || this.text.charCodeAt(colon) !== COLON) return -1;
    const after = colon + 1;
    return after === this.lineEnd || this.text.charCodeAt(after) === SPACE ? after : -1;
  }

  private readMapping(indent: number): Record<string, unknown> {
    this.enter();
    const object: Record<string, unknown> = {};
    while (!this.atEnd && this.indent === indent && !this.startsSequenceItem()) {
      const keyStart = this.content;
      const afterColon = this.keyEndAt(keyStart);
      if (afterColon === -1) notInSubset();
      const key = this.piece(keyStart, afterColon - 1);
      if (KEY_WORDS.test(key) || Object.hasOwn(object, key)) notInSubset();
      let at = afterColon;
      while (at < this.lineEnd && this.text.charCodeAt(at) === SPACE) at += 1;
      if (at === this.lineEnd || this.text.charCodeAt(at) === HASH) {
        // The value is on the lines below: more indented, or a sequence at the key's indentation.
        this.nextLine();
        if (!this.atEnd && this.indent > indent) object[key] = this.readBlockNode(this.indent);
        else if (!this.atEnd && this.indent === indent && this.startsSequenceItem())
          object[key] = this.readSequence(indent);
        else object[key] = null;
      } else {
        object[key] = this.readInlineValue(at);
        this.nextLine();
      }
    }
    // A more indented line here would continue a plain scalar over lines, or is a mistake.
    if (!this.atEnd && this.indent > indent) notInSubset();
    if (!this.atEnd && this.indent === indent) notInSubset();
    this.depth -= 1;
    return object;
  }

  /** A value that starts at `at` and ends on this line, followed by nothing but a comment. */
  private readInlineValue(at: number): unknown {
    const { text } = this;
    const first = text.charCodeAt(at);
    let value: unknown;
    if (first === 0x5b || first === 0x7b) {
      value = this.readFlow(at);
    } else if (first === 0x22 || first === 0x27) {
      value = this.readQuoted(at);
    } else {
      // A plain scalar runs to the line end or to a comment (` #`); one with `: ` (or ending
      // in `:`) would be a mapping where a scalar is expected.
      let stop = at;
      for (; stop < this.lineEnd; stop += 1) {
        const code = text.charCodeAt(stop);
        if (code === HASH && text.charCodeAt(stop - 1) === SPACE) break;
        if (code === COLON && (stop + 1 === this.lineEnd || text.charCodeAt(stop + 1) === SPACE)) notInSubset();
      }
      while (stop > at && text.charCodeAt(stop - 1) === SPACE) stop -= 1;
      return resolvePlain(this.piece(at, stop));
    }
    this.expectLineEnd(this.after);
    return value;
  }

  /** Only spaces, then optionally a comment after at least one space, up to the line end. */
  private expectLineEnd(at: number): void {
    let index = at;
    while (index < this.lineEnd && this.text.charCodeAt(index) === SPACE) index += 1;
    if (index === this.lineEnd) return;
    if (this.text.charCodeAt(index) !== HASH || index === at) notInSubset();
  }

  /** A quoted scalar that closes on this line; `after` is set to the index after it. */
  private readQuoted(at: number): string {
    const { text } = this;
    if (text.charCodeAt(at) === 0x27) {
      // Single-quoted: `''` is a quote; nothing else is special.
      let index = at + 1;
      for (;;) {
        const quote = text.indexOf("'", index);
        if (quote === -1 || quote >= this.lineEnd) notInSubset();
        if (text.charCodeAt(quote + 1) === 0x27) {
          index = quote + 2;
          continue;
        }
        this.after = quote + 1;
        return text.slice(at + 1, quote).replaceAll("''", "'");
      }
    }
    let index = at + 1;
    for (;;) {
      const quote = text.indexOf('"', index);
      if (quote === -1 || quote >= this.lineEnd) notInSubset();
      let backslashes = 0;
      for (let back = quote - 1; back > at && text.charCodeAt(back) === 0x5c; back -= 1) backslashes += 1;
      if (backslashes % 2 === 1) {
        index = quote + 1;
        continue;
      }
      this.after = quote + 1;
      if (this.nextBackslash <= at) {
        const found = text.indexOf('\\', at + 1);
        this.nextBackslash = found === -1 ? text.length : found;
      }
      if (this.nextBackslash >= quote) return this.piece(at + 1, quote);
      // JSON's escapes mean the same in YAML; YAML's own (`\x41`, `\e`, `\N`, ...) make JSON.parse fail.
      // A lone surrogate written as an escape is left to the fast parser.
      const raw = text.slice(at, quote + 1);
      if (LONE_SURROGATE_ESCAPE.test(raw)) notInSubset();
      try {
        return JSON.parse(raw) as string;
      } catch {
        return notInSubset();
      }
    }
  }

  /** A flow list or map that closes on this line; `after` is set to the index after it. */
  private readFlow(at: number): unknown {
    const { text } = this;
    this.enter();
    const isList = text.charCodeAt(at) === 0x5b;
    const close = isList ? 0x5d : 0x7d;
    const list: unknown[] = isList ? [] : NO_LIST;
    const object: Record<string, unknown> = isList ? NO_OBJECT : {};
    let index = this.skipSpaces(at + 1);
    if (text.charCodeAt(index) === close) {
      this.depth -= 1;
      this.after = index + 1;
      return isList ? list : object;
    }
    for (;;) {
      if (isList) {
        list.push(this.readFlowValue(index));
        index = this.skipSpaces(this.after);
      } else {
        let key: string;
        let valueAt: number;
        if (text.charCodeAt(index) === 0x22) {
          // A JSON-like key (`{"maxToolCalls":6}`): its value may follow the `:` directly.
          key = this.readQuoted(index);
          const keyEnd = this.skipSpaces(this.after);
          if (key === '__proto__' || text.charCodeAt(keyEnd) !== COLON) notInSubset();
          valueAt = this.skipSpaces(keyEnd + 1);
        } else {
          KEY.lastIndex = index;
          if (!KEY.test(text)) notInSubset();
          key = this.piece(index, KEY.lastIndex);
          if (
            KEY_WORDS.test(key) ||
            text.charCodeAt(KEY.lastIndex) !== COLON ||
            text.charCodeAt(KEY.lastIndex + 1) !== SPACE
          )
            notInSubset();
          valueAt = this.skipSpaces(KEY.lastIndex + 1);
        }
        if (Object.hasOwn(object, key)) notInSubset();
        object[key] = this.readFlowValue(valueAt);
        index = this.skipSpaces(this.after);
      }
      const next = text.charCodeAt(index);
      if (index >= this.lineEnd) notInSubset();
      if (next === close) {
        this.depth -= 1;
        this.after = index + 1;
        return isList ? list : object;
      }
      if (next !== 0x2c) notInSubset();
      index = this.skipSpaces(index + 1);
      // A trailing comma (`[a, ]`) is left to the fast parser.
      if (text.charCodeAt(index) === close) notInSubset();
    }
  }

  private readFlowValue(at: number): unknown {
    const { text } = this;
    if (at >= this.lineEnd) notInSubset();
    const first = text.charCodeAt(at);
    if (first === 0x5b || first === 0x7b) return this.readFlow(at);
    if (first === 0x22 || first === 0x27) return this.readQuoted(at);
    // A plain scalar in a flow collection ends at `,`, `]` or `}`; one with `:` or ` #` is left to the fast parser.
    let end = at;
    while (end < this.lineEnd) {
      const code = text.charCodeAt(end);
      if (code === 0x2c || code === 0x5d || code === 0x7d || code === 0x5b || code === 0x7b) break;
      if (code === COLON || (code === HASH && text.charCodeAt(end - 1) === SPACE)) notInSubset();
      end += 1;
    }
    this.after = end;
    let stop = end;
    while (stop > at && text.charCodeAt(stop - 1) === SPACE) stop -= 1;
    if (stop === at) notInSubset();
    return resolvePlain(this.piece(at, stop));
  }

  /**
   * The text from `start` to `end`. Short pieces repeat (keys, tool names, verdicts, tags): each
   * is made once and shared, found again by a hash of its characters, so a large file makes
   * fewer strings for the garbage collector to copy; the values are the same strings either way.
   */
  private piece(start: number, end: number): string {
    const length = end - start;
    if (length > MAX_SHARED_PIECE || length === 0) return this.text.slice(start, end);
    const { text } = this;
    let hash = length;
    for (let at = start; at < end; at += 1) hash = (Math.imul(hash, 31) + text.charCodeAt(at)) | 0;
    const slot = hash & (SHARED_PIECE_SLOTS - 1);
    const known = this.shared[slot];
    if (known !== undefined && known.length === length && text.startsWith(known, start)) return known;
    const made = text.slice(start, end);
    this.shared[slot] = made;
    return made;
  }

  private skipSpaces(at: number): number {
    let index = at;
    while (index < this.lineEnd && this.text.charCodeAt(index) === SPACE) index += 1;
    return index;
  }
}
