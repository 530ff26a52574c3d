import { endianness } from 'node:os';
import {
  BOOL_OR_NULL,
  COLON,
  DASH,
  HASH,
  KEY_WORDS,
  keyCharsEnd,
  type LineWalk,
  LONE_SURROGATE_ESCAPE,
  MAX_SUBSET_DEPTH,
  NOT_IN_SUBSET,
  notInSubset,
  plainKeyEnd,
  resolvePlain,
  SPACE,
  seekContentLine,
} from './yaml-subset-syntax.js';

/**
 * The value of a YAML text in the common subset (yaml-common-subset.ts), read by writing the text
 * out as JSON and parsing that with JSON.parse: exactly the fast parser's value of it; or null
 * when the text is not in the subset, and the fast parser reads it (it uses more of YAML, or is
 * malformed, or holds what JSON cannot write, such as `.inf`, or an escape JSON does not read).
 *
 * Why: JSON.parse makes the values natively, several times faster than making each string and
 * value in script (each short slice of a two-byte text is an allocation). What is written: block
 * mappings and sequences as `{}` and `[]`, plain keys and plain text quoted, plain numbers,
 * booleans and nulls as JSON's, double-quoted text as it stands (JSON's escapes mean the same in
 * YAML; YAML's own, such as `\x41`, make JSON.parse fail, and the text is left to the fast
 * parser), single-quoted text re-quoted. Duplicate keys, which JSON.parse would let the last one
 * win, are found here, on the text, and leave the text to the other parsers, which name them.
 *
 * A block sequence under a top-level key (a case file's `cases`) is parsed in pieces of about
 * PIECE_CHARS as it is written, so the JSON of a large file is never held whole beside its text.
 */
export function readSubsetAsJson(text: string): { value: unknown } | null {
  try {
    return { value: TRANSCRIBER.read(text) };
  } catch (error) {
    if (error === NOT_IN_SUBSET || error instanceof SyntaxError) return null;
    throw error;
  } finally {
    TRANSCRIBER.release();
  }
}

/**
 * A quarter of a million characters (512 KB) of JSON per piece of a long top-level list: few
 * pieces, and little JSON held at a time (10,000 cases: peak RSS 101–104 MB, against 112 MB with
 * pieces of a million characters, for a few per cent more time making the pieces' strings).
 */
const PIECE_CHARS = 256 * 1024;
/** The items of a list that is not parsed in pieces (never filled). */
const NO_ITEMS: unknown[] = [];
/** Keys of one mapping are compared with each other on the text; one with more keys is left to the fast parser. */
const MAX_TRANSCRIBED_KEYS = 256;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LITTLE_ENDIAN = endianness() === 'LE';

class SubsetTranscriber implements LineWalk {
  text = '';
  /** The current content line (seekContentLine). */
  lineStart = 0;
  lineEnd = 0;
  content = 0;
  indent = 0;
  atEnd = false;
  /** Where the last flow or quoted value read ended (the index after it). */
  private after = 0;
  /** Containers open around the current one. */
  private depth = 0;
  /**
   * The JSON text written so far, as UTF-16 code units: filled in place, and made a string once,
   * natively, at the end, rather than concatenated from a string per piece.
   */
  private out = new Uint16Array(0);
  private size = 0;
  /** Where each key of the open mappings starts and ends in the text (the keys of the innermost last). */
  private readonly keyStarts: number[] = [];
  private readonly keyEnds: number[] = [];
  /** How many of keyStarts and keyEnds are in use (the arrays are not shortened: that is a slow call). */
  private keyCount = 0;

  /** The lists under top-level keys, parsed in pieces; the document's JSON has `null` in their place. */
  private lists: Array<{ key: string; items: unknown[] }> = [];

  read(text: string): unknown {
    this.text = text;
    this.lists = [];
    this.atEnd = false;
    this.after = 0;
    this.depth = 0;
    this.size = 0;
    this.keyCount = 0;
    // JSON drops the indentation and adds quotes and braces: about the YAML's length, or one piece.
    this.out = new Uint16Array(Math.min(text.length, 2 * PIECE_CHARS) + 64);
    this.seekContentLine(0);
    if (this.atEnd || this.indent !== 0) notInSubset();
    this.blockNode(0);
    if (!this.atEnd) notInSubset();
    const value = this.parse(0, this.size);
    // Only a mapping at the top has lists written apart (keys are never `__proto__`).
    for (const { key, items } of this.lists) (value as Record<string, unknown>)[key] = items;
    return value;
  }

  /** JSON.parse of what was written from `start` to `end`. */
  private parse(start: number, end: number): unknown {
    const bytes = Buffer.from(this.out.buffer, this.out.byteOffset + start * 2, (end - start) * 2);
    if (!LITTLE_ENDIAN) bytes.swap16();
    const json = bytes.toString('utf16le');
    if (!LITTLE_ENDIAN) bytes.swap16();
    return JSON.parse(json);
  }

  /** Lets the text and the JSON written go: the one transcriber outlives them. */
  release(): void {
    this.text = '';
    this.out = new Uint16Array(0);
    this.lists = [];
  }

  /** Moves to the first line at or after `from` that has content other than a comment. */
  private seekContentLine(from: number): void {
    seekContentLine(this, from, this.commentLine);
    const { text, content } = this;
    if (
      this.indent === 0 &&
      (text.charCodeAt(content) === 0x25 || text.startsWith('---', content) || text.startsWith('...', content))
    )
      notInSubset();
  }

  /** checkComment, for the line walk to call on each comment line it passes over. */
  private readonly commentLine = (start: number, end: number): void => this.checkComment(start, end);

  private nextLine(): void {
    this.seekContentLine(this.lineEnd + 1);
  }

  private startsSequenceItem(): boolean {
    if (this.text.charCodeAt(this.content) !== DASH) return false;
    const next = this.content + 1;
    return next === this.lineEnd || this.text.charCodeAt(next) === SPACE;
  }

  private blockNode(indent: number): void {
    if (this.startsSequenceItem()) this.sequence(indent);
    else this.mapping(indent);
  }

  private enter(): void {
    this.depth += 1;
    if (this.depth > MAX_SUBSET_DEPTH) notInSubset();
  }

  /**
   * A block sequence; with `key` (a top-level key's list), `null` is written in its place and its
   * items are parsed a piece at a time, each piece written over the last (see readSubsetAsJson).
   */
  private sequence(indent: number, key?: string): void {
    this.enter();
    let start = this.size;
    const items: unknown[] = key === undefined ? NO_ITEMS : [];
    if (key !== undefined) {
      this.jsonOf('null');
      start = this.size;
      this.lists.push({ key, items });
    }
    this.reserve(1);
    this.out[this.size++] = 0x5b;
    let first = true;
    while (!this.atEnd && this.indent === indent && this.startsSequenceItem()) {
      if (!first) this.comma();
      first = false;
      let at = this.content + 1;
      while (at < this.lineEnd && this.text.charCodeAt(at) === SPACE) at += 1;
      if (at === this.lineEnd || this.text.charCodeAt(at) === HASH || this.text.charCodeAt(at) === DASH) notInSubset();
      if (plainKeyEnd(this.text, at, this.lineEnd) !== -1) {
        this.indent = at - this.lineStart;
        this.content = at;
        this.mapping(this.indent);
      } else {
        this.inlineValue(at);
        this.nextLine();
      }
      if (key !== undefined && this.size - start >= PIECE_CHARS) {
        this.reserve(1);
        this.out[this.size++] = 0x5d;
        this.parsePiece(start, items);
        first = true;
      }
    }
    if (!this.atEnd && this.indent > indent) notInSubset();
    this.reserve(1);
    this.out[this.size++] = 0x5d;
    if (key !== undefined && !first) this.parsePiece(start, items);
    if (key !== undefined) this.size = start;
    this.depth -= 1;
  }

  /** Parses the list written from `start` (a piece of the items), adds its items to `items`, and starts a new piece there. */
  private parsePiece(start: number, items: unknown[]): void {
    for (const item of this.parse(start, this.size) as unknown[]) items.push(item);
    this.size = start + 1;
  }

  private mapping(indent: number): void {
    this.enter();
    this.reserve(1);
    this.out[this.size++] = 0x7b;
    const keysFrom = this.keyCount;
    while (!this.atEnd && this.indent === indent && !this.startsSequenceItem()) {
      const keyStart = this.content;
      const afterColon = plainKeyEnd(this.text, keyStart, this.lineEnd);
      if (afterColon === -1) notInSubset();
      const keyEnd = afterColon - 1;
      if (isKeyWord(this.text, keyStart, keyEnd)) notInSubset();
      if (this.keyCount > keysFrom) this.comma();
      this.noteKey(keysFrom, keyStart, keyEnd);
      this.plainKey(keyStart, keyEnd);
      let at = afterColon;
      while (at < this.lineEnd && this.text.charCodeAt(at) === SPACE) at += 1;
      if (at === this.lineEnd || this.text.charCodeAt(at) === HASH) {
        this.checkComment(at, this.lineEnd);
        this.nextLine();
        if (!this.atEnd && this.indent > indent) {
          if (this.depth === 1 && this.startsSequenceItem())
            this.sequence(this.indent, this.text.slice(keyStart, keyEnd));
          else this.blockNode(this.indent);
        } else if (!this.atEnd && this.indent === indent && this.startsSequenceItem())
          this.sequence(indent, this.depth === 1 ? this.text.slice(keyStart, keyEnd) : undefined);
        else this.jsonOf('null');
      } else {
        this.inlineValue(at);
        this.nextLine();
      }
    }
    if (!this.atEnd && this.indent > indent) notInSubset();
    if (!this.atEnd && this.indent === indent) notInSubset();
    this.keyCount = keysFrom;
    this.reserve(1);
    this.out[this.size++] = 0x7d;
    this.depth -= 1;
  }

  /**
   * Records a key of the mapping whose keys start at `keysFrom`, after comparing it on the text
   * with the keys before it (a handful in a case file's mappings, so pairwise is cheapest).
   */
  private noteKey(keysFrom: number, start: number, end: number): void {
    const { keyStarts, keyEnds, text } = this;
    const length = end - start;
    const count = this.keyCount;
    if (count - keysFrom >= MAX_TRANSCRIBED_KEYS) notInSubset();
    for (let index = keysFrom; index < count; index += 1) {
      const other = keyStarts[index] as number;
      if ((keyEnds[index] as number) - other !== length) continue;
      let at = 0;
      while (at < length && text.charCodeAt(other + at) === text.charCodeAt(start + at)) at += 1;
      if (at === length) notInSubset();
    }
    keyStarts[count] = start;
    keyEnds[count] = end;
    this.keyCount = count + 1;
  }

  /** A value that starts at `at` and ends on this line, followed by nothing but a comment. */
  private inlineValue(at: number): void {
    const { text } = this;
    const first = text.charCodeAt(at);
    if (first === 0x5b || first === 0x7b) {
      this.flow(at);
    } else if (first === QUOTE) {
      this.doubleQuoted(at);
    } else if (first === 0x27) {
      this.singleQuoted(at);
    } else {
      // A plain scalar runs to the line end or to a comment (` #`); one with `: ` (or ending in
      // `:`) would be a mapping where a scalar is expected. It is written as text while it is
      // scanned (most are text), and written again if it is not.
      const { lineEnd } = this;
      const written = this.size;
      this.reserve(2 * (lineEnd - at) + 2);
      const { out } = this;
      let size = written;
      out[size++] = QUOTE;
      let stop = at;
      let sizeAtStop = size;
      for (let index = at; index < lineEnd; index += 1) {
        const code = text.charCodeAt(index);
        if (code === HASH && text.charCodeAt(index - 1) === SPACE) {
          this.checkComment(index, lineEnd);
          break;
        }
        if (code === COLON && (index + 1 === lineEnd || text.charCodeAt(index + 1) === SPACE)) notInSubset();
        if (isUnsupported(code)) notInSubset();
        if (code === QUOTE || code === BACKSLASH) out[size++] = BACKSLASH;
        out[size++] = code;
        if (code !== SPACE) {
          stop = index + 1;
          sizeAtStop = size;
        }
      }
      this.endPlain(written, at, stop, sizeAtStop);
      return;
    }
    this.expectLineEnd(this.after);
  }

  private expectLineEnd(at: number): void {
    let index = at;
    while (index < this.lineEnd && this.text.charCodeAt(index) === SPACE) index += 1;
    if (index === this.lineEnd) return;
    if (this.text.charCodeAt(index) !== HASH || index === at) notInSubset();
    this.checkComment(index, this.lineEnd);
  }

  /**
   * A double-quoted text that closes on this line, written as it stands; `after` is set to the
   * index after it. Returns whether it has a backslash (a key with one is left to the fast parser).
   */
  private doubleQuoted(at: number): boolean {
    const { text, lineEnd } = this;
    // Written as it is scanned (one pass over its characters); it ends on this line, so the line's rest is room enough.
    this.reserve(lineEnd - at);
    const { out } = this;
    let size = this.size;
    out[size++] = QUOTE;
    let index = at + 1;
    let escaped = false;
    for (;;) {
      if (index >= lineEnd) notInSubset();
      const code = text.charCodeAt(index);
      if (isUnsupported(code)) notInSubset();
      out[size++] = code;
      if (code === QUOTE) break;
      if (code === BACKSLASH) {
        escaped = true;
        index += 1;
        if (index >= lineEnd) notInSubset();
        const next = text.charCodeAt(index);
        if (isUnsupported(next)) notInSubset();
        out[size++] = next;
      }
      index += 1;
    }
    if (escaped && LONE_SURROGATE_ESCAPE.test(text.slice(at, index + 1))) notInSubset();
    this.size = size;
    this.after = index + 1;
    return escaped;
  }

  /** A single-quoted text that closes on this line (`''` is a quote), written as JSON text. */
  private singleQuoted(at: number): void {
    const { text, lineEnd } = this;
    let index = at + 1;
    for (;;) {
      const quote = text.indexOf("'", index);
      if (quote === -1 || quote >= lineEnd) notInSubset();
      if (text.charCodeAt(quote + 1) === 0x27) {
        index = quote + 2;
        continue;
      }
      this.after = quote + 1;
      this.reserve(2 * (quote - at) + 2);
      const { out } = this;
      let size = this.size;
      out[size++] = QUOTE;
      for (let from = at + 1; from < quote; from += 1) {
        const code = text.charCodeAt(from);
        if (isUnsupported(code)) notInSubset();
        if (code === 0x27) from += 1;
        else if (code === QUOTE || code === BACKSLASH) out[size++] = BACKSLASH;
        out[size++] = code;
      }
      out[size++] = QUOTE;
      this.size = size;
      return;
    }
  }

  /** A flow list or map that closes on this line; `after` is set to the index after it. */
  private flow(at: number): void {
    const { text } = this;
    this.enter();
    const isList = text.charCodeAt(at) === 0x5b;
    const close = isList ? 0x5d : 0x7d;
    this.reserve(1);
    this.out[this.size++] = isList ? 0x5b : 0x7b;
    const keysFrom = this.keyCount;
    let index = this.skipSpaces(at + 1);
    if (text.charCodeAt(index) !== close) {
      for (;;) {
        if (isList) {
          this.flowValue(index);
        } else {
          let valueAt: number;
          if (text.charCodeAt(index) === QUOTE) {
            // A JSON-like key (`{"maxToolCalls":6}`); one with an escape is left to the fast parser.
            if (this.keyCount > keysFrom) this.comma();
            if (this.doubleQuoted(index)) notInSubset();
            const keyStart = index + 1;
            const keyEnd = this.after - 1;
            if (keyEnd - keyStart === 9 && text.startsWith('__proto__', keyStart)) notInSubset();
            this.noteKey(keysFrom, keyStart, keyEnd);
            const colon = this.skipSpaces(this.after);
            if (text.charCodeAt(colon) !== COLON) notInSubset();
            this.reserve(1);
            this.out[this.size++] = COLON;
            valueAt = this.skipSpaces(colon + 1);
          } else {
            const keyEnd = keyCharsEnd(text, index);
            if (
              keyEnd === index ||
              isKeyWord(text, index, keyEnd) ||
              text.charCodeAt(keyEnd) !== COLON ||
              text.charCodeAt(keyEnd + 1) !== SPACE
            )
              notInSubset();
            if (this.keyCount > keysFrom) this.comma();
            this.noteKey(keysFrom, index, keyEnd);
            this.plainKey(index, keyEnd);
            valueAt = this.skipSpaces(keyEnd + 1);
          }
          this.flowValue(valueAt);
        }
        index = this.skipSpaces(this.after);
        const next = text.charCodeAt(index);
        if (index >= this.lineEnd) notInSubset();
        if (next === close) break;
        if (next !== 0x2c) notInSubset();
        index = this.skipSpaces(index + 1);
        if (text.charCodeAt(index) === close) notInSubset();
        if (isList) this.comma();
      }
    }
    this.keyCount = keysFrom;
    this.reserve(1);
    this.out[this.size++] = close;
    this.depth -= 1;
    this.after = index + 1;
  }

  private flowValue(at: number): void {
    const { text } = this;
    if (at >= this.lineEnd) notInSubset();
    const first = text.charCodeAt(at);
    if (first === 0x5b || first === 0x7b) {
      this.flow(at);
      return;
    }
    if (first === QUOTE) {
      this.doubleQuoted(at);
      return;
    }
    if (first === 0x27) {
      this.singleQuoted(at);
      return;
    }
    // A plain scalar in a flow collection ends at `,`, `]` or `}`; one with `:` or ` #` is left to
    // the fast parser. Written as text while it is scanned, as in inlineValue.
    const { lineEnd } = this;
    const written = this.size;
    this.reserve(2 * (lineEnd - at) + 2);
    const { out } = this;
    let size = written;
    out[size++] = QUOTE;
    let end = at;
    let stop = at;
    let sizeAtStop = size;
    while (end < lineEnd) {
      const code = text.charCodeAt(end);
      if (code === 0x2c || code === 0x5d || code === 0x7d || code === 0x5b || code === 0x7b) break;
      if (code === COLON || (code === HASH && text.charCodeAt(end - 1) === SPACE) || isUnsupported(code)) notInSubset();
      if (code === QUOTE || code === BACKSLASH) out[size++] = BACKSLASH;
      out[size++] = code;
      end += 1;
      if (code !== SPACE) {
        stop = end;
        sizeAtStop = size;
      }
    }
    this.after = end;
    if (stop === at) notInSubset();
    this.endPlain(written, at, stop, sizeAtStop);
  }

  /**
   * Ends a plain scalar from `start` to `stop` that was written as text from `written` to
   * `sizeAtStop` (without its closing quote): closed when it is text, else written again.
   */
  private endPlain(written: number, start: number, stop: number, sizeAtStop: number): void {
    if (isTextScalar(this.text, start, stop)) {
      this.out[sizeAtStop] = QUOTE;
      this.size = sizeAtStop + 1;
    } else {
      this.size = written;
      this.plain(start, stop);
    }
  }

  /**
   * A plain scalar's JSON when it is not text that starts with a letter (isTextScalar): a core
   * boolean or null, a small decimal integer written as it stands, or whatever else resolvePlain
   * makes of it, written from its value.
   */
  private plain(start: number, end: number): void {
    const { text } = this;
    const word = end - start <= 5 ? BOOL_OR_NULL.get(text.slice(start, end)) : undefined;
    if (word !== undefined) this.jsonOf(String(word));
    else if (isSmallInteger(text, start, end)) this.copy(start, end);
    else this.jsonOf(jsonOfScalar(resolvePlain(text.slice(start, end))));
  }

  /** A plain key as `"key":` (its characters need no escape). */
  private plainKey(start: number, end: number): void {
    const { text } = this;
    this.reserve(end - start + 3);
    const { out } = this;
    let size = this.size;
    out[size++] = QUOTE;
    for (let from = start; from < end; from += 1) out[size++] = text.charCodeAt(from);
    out[size++] = QUOTE;
    out[size++] = COLON;
    this.size = size;
  }

  private copy(start: number, end: number): void {
    const { text } = this;
    this.reserve(end - start);
    const { out } = this;
    let size = this.size;
    for (let from = start; from < end; from += 1) out[size++] = text.charCodeAt(from);
    this.size = size;
  }

  private jsonOf(json: string): void {
    this.reserve(json.length);
    for (let index = 0; index < json.length; index += 1) this.out[this.size++] = json.charCodeAt(index);
  }

  private comma(): void {
    this.reserve(1);
    this.out[this.size++] = 0x2c;
  }

  /** A comment is not written, but the characters the subset refuses anywhere are refused in it too. */
  private checkComment(start: number, end: number): void {
    for (let at = start; at < end; at += 1) if (isUnsupported(this.text.charCodeAt(at))) notInSubset();
  }

  private reserve(count: number): void {
    if (this.size + count <= this.out.length) return;
    const grown = new Uint16Array(Math.max(this.out.length * 2, this.size + count));
    grown.set(this.out.subarray(0, this.size));
    this.out = grown;
  }

  private skipSpaces(at: number): number {
    let index = at;
    while (index < this.lineEnd && this.text.charCodeAt(index) === SPACE) index += 1;
    return index;
  }
}

/**
 * One transcriber for every text, reset each time: V8's optimized code for its methods depended on
 * the instance it ran on, so with an instance per text, a garbage collection between two loads
 * threw that code away with the instance ("weak objects", in V8's trace), and each later load ran
 * mostly unoptimized again (measured: 2 to 3 times slower).
 */
const TRANSCRIBER = new SubsetTranscriber();

/** A resolved plain scalar as JSON; what JSON cannot write (`.inf`, `.nan`) is left to the fast parser. */
function jsonOfScalar(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'boolean' || value === null) return String(value);
  if (typeof value !== 'number' || !Number.isFinite(value)) notInSubset();
  return Object.is(value, -0) ? '-0' : String(value);
}

/**
 * `true`, `false`, `null`, `__proto__` in any case: a key the subset refuses (KEY_WORDS). Only a
 * key of their lengths and first letters is sliced to be tested: most keys are told apart for free.
 */
function isKeyWord(text: string, start: number, end: number): boolean {
  const length = end - start;
  const first = text.charCodeAt(start) | 0x20;
  const candidate =
    ((length === 4 || length === 5) && (first === 0x74 || first === 0x66 || first === 0x6e)) ||
    (length === 9 && first === 0x7f);
  return candidate && KEY_WORDS.test(text.slice(start, end));
}

/**
 * The characters the subset refuses anywhere (the other parsers then read or refuse the text): tabs
 * and other controls, CR, NEL, the Unicode line separators, a byte-order mark, U+FFFE and U+FFFF.
 * Every character of a text is either looked at here as it is written (or, in a comment,
 * checked), or is a space, a key's, or one the transcription stops at: so a text it reads has
 * none, without a separate pass over the text.
 */
function isUnsupported(code: number): boolean {
  if (code < 0x20) return code !== 0x0a;
  return code >= 0x7f && (code <= 0x9f || code === 0x2028 || code === 0x2029 || code === 0xfeff || code >= 0xfffe);
}

/** A plain scalar the core schema reads as text that starts with a letter (or past ASCII): what most plain scalars are. */
function isTextScalar(text: string, start: number, end: number): boolean {
  const first = text.charCodeAt(start);
  if (!((first >= 0x61 && first <= 0x7a) || (first >= 0x41 && first <= 0x5a) || first > 0x7f)) return false;
  // The words (true, False, NULL, ...) are 4 or 5 letters from t, f or n: only those are sliced to be looked up.
  const length = end - start;
  const lower = first | 0x20;
  return !(
    (length === 4 || length === 5) &&
    (lower === 0x74 || lower === 0x66 || lower === 0x6e) &&
    BOOL_OR_NULL.has(text.slice(start, end))
  );
}

/** Digits only, no leading zero, at most 15 of them: the same number to JSON.parse as to the fast parser. */
function isSmallInteger(text: string, start: number, end: number): boolean {
  const length = end - start;
  if (length > 15 || (length > 1 && text.charCodeAt(start) === 0x30)) return false;
  for (let at = start; at < end; at += 1) {
    const code = text.charCodeAt(at);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}
