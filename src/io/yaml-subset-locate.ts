import { type TextPosition, textPositions } from './text-position.js';
import { DASH, HASH, keyCharsEnd, type LineWalk, plainKeyEnd, SPACE, seekContentLine } from './yaml-subset-syntax.js';

/**
 * The line and column of the node at `path` in a YAML text the common subset
 * (yaml-common-subset.ts) read, found by walking the text's lines the way its transcription to
 * JSON does (yaml-subset-as-json.ts), without building values and without a second parse: the
 * same place the documented parser's nodes give (yaml-document.ts: the key of a map entry, the
 * start of a list item, the map or list itself when the path goes on past it). 'unsure' where
 * this walk does not say (an empty value, an empty quoted text): the caller then asks the slower
 * locators.
 *
 * It relies on what the subset accepted: block mappings of plain keys, block sequences,
 * and values that end on their own line (flow collections, quoted and plain scalars), no tabs,
 * no CR. Given any other text, its answers mean nothing; it is made only after that reading
 * succeeded. Why: with one problem in the last of 10,000 cases, a full parse to find one line
 * took longer than reading the file; this walk passes over each line once, and what it finds
 * about a list or map (where each item and key starts) is kept, so many problems cost one walk.
 */
export function createSubsetLocator(text: string): (path: readonly PropertyKey[]) => TextPosition | 'unsure' {
  const walker = new SubsetWalker(text);
  const position = textPositions(text);
  return (path) => {
    const offset = walker.offsetAt(path);
    if (offset === 'unsure') return 'unsure';
    return position(offset);
  };
}

/**
 * A node of the text: a block map (`offset`: its first key; `indent`: the column of its keys),
 * a block list (`offset`: its first `-`; `indent`: the column of its dashes), a value written on
 * one line (`offset`: its first character), or an empty value (null in the text).
 */
type TextNode =
  | { kind: 'map'; offset: number; indent: number }
  | { kind: 'list'; offset: number; indent: number }
  | { kind: 'inline'; offset: number }
  | { kind: 'empty' };

interface MapEntry {
  keyOffset: number;
  value: TextNode;
}

const COMMA = 0x2c;
const BACKSLASH = 0x5c;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;
const OPEN_MAP = 0x7b;
const CLOSE_MAP = 0x7d;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

class SubsetWalker implements LineWalk {
  readonly text: string;
  /** What one walk found about a block map or list, by its offset, for the next path through it. */
  private readonly mapEntries = new Map<number, Map<string, MapEntry>>();
  private readonly listItems = new Map<number, TextNode[]>();
  /** The current content line, as the subset's transcription keeps it (seekContentLine). */
  lineStart = 0;
  lineEnd = 0;
  content = 0;
  indent = 0;
  atEnd = false;

  constructor(text: string) {
    this.text = text;
  }

  offsetAt(path: readonly PropertyKey[]): number | 'unsure' {
    this.seekContentLine(0);
    if (this.atEnd) return 'unsure';
    let node = this.blockNodeHere(this.content, 0);
    for (let index = 0; index < path.length; index += 1) {
      const segment = path[index];
      if (node.kind === 'empty') return 'unsure';
      if (node.kind === 'map') {
        const entry = this.entriesOf(node).get(String(segment));
        if (entry === undefined) return node.offset;
        if (index === path.length - 1) return entry.keyOffset;
        node = entry.value;
      } else if (node.kind === 'list') {
        if (typeof segment !== 'number') return node.offset;
        const item = this.itemsOf(node)[segment];
        if (item === undefined) return node.offset;
        node = item;
      } else {
        return this.offsetInFlow(node.offset, path, index);
      }
    }
    return node.kind === 'empty' ? 'unsure' : this.nodeOffset(node);
  }

  private nodeOffset(node: Exclude<TextNode, { kind: 'empty' }>): number | 'unsure' {
    if (node.kind !== 'inline') return node.offset;
    return this.isEmptyQuoted(node.offset) ? 'unsure' : node.offset;
  }

  /** `""` and `''`: an empty scalar, which the other locators leave to the documented parser. */
  private isEmptyQuoted(at: number): boolean {
    const first = this.text.charCodeAt(at);
    return (first === DOUBLE_QUOTE || first === SINGLE_QUOTE) && this.text.charCodeAt(at + 1) === first;
  }

  /** The line walk of the subset's transcription: the first line at or after `from` with content other than a comment. */
  private seekContentLine(from: number): void {
    seekContentLine(this, from, null);
  }

  /** Moves to the line the walk for a node at `offset` starts on. */
  private seekLineOf(offset: number): void {
    this.seekContentLine(this.text.lastIndexOf('\n', offset - 1) + 1);
  }

  private startsSequenceItem(at: number): boolean {
    if (this.text.charCodeAt(at) !== DASH) return false;
    const next = at + 1;
    return next === this.lineEnd || this.text.charCodeAt(next) === SPACE;
  }

  /** The block node that starts at `at` on the current line, whose keys or dashes are at column `indent`. */
  private blockNodeHere(at: number, indent: number): TextNode {
    return this.startsSequenceItem(at) ? { kind: 'list', offset: at, indent } : { kind: 'map', offset: at, indent };
  }

  private skipSpaces(at: number): number {
    let index = at;
    while (index < this.lineEnd && this.text.charCodeAt(index) === SPACE) index += 1;
    return index;
  }

  /** Every key of a block map with where it and its value start, in one walk over the map's lines. */
  private entriesOf(node: { offset: number; indent: number }): Map<string, MapEntry> {
    const known = this.mapEntries.get(node.offset);
    if (known !== undefined) return known;
    const entries = new Map<string, MapEntry>();
    this.seekLineOf(node.offset);
    let keyStart = node.offset;
    for (;;) {
      const afterColon = plainKeyEnd(this.text, keyStart, this.lineEnd);
      if (afterColon === -1) break;
      const key = this.text.slice(keyStart, afterColon - 1);
      const valueAt = this.skipSpaces(afterColon);
      let value: TextNode;
      if (valueAt < this.lineEnd && this.text.charCodeAt(valueAt) !== HASH) {
        value = { kind: 'inline', offset: valueAt };
        this.seekContentLine(this.lineEnd + 1);
      } else {
        this.seekContentLine(this.lineEnd + 1);
        if (!this.atEnd && this.indent > node.indent) value = this.blockNodeHere(this.content, this.indent);
        else if (!this.atEnd && this.indent === node.indent && this.startsSequenceItem(this.content))
          value = { kind: 'list', offset: this.content, indent: node.indent };
        else value = { kind: 'empty' };
      }
      entries.set(key, { keyOffset: keyStart, value });
      // The next key: past the lines of the value (more indented, or its list's dashes at this column).
      while (
        !this.atEnd &&
        (this.indent > node.indent || (this.indent === node.indent && this.startsSequenceItem(this.content)))
      )
        this.seekContentLine(this.lineEnd + 1);
      if (this.atEnd || this.indent < node.indent) break;
      keyStart = this.content;
    }
    this.mapEntries.set(node.offset, entries);
    return entries;
  }

  /** Every item of a block list, in one walk over the list's lines. */
  private itemsOf(node: { offset: number; indent: number }): TextNode[] {
    const known = this.listItems.get(node.offset);
    if (known !== undefined) return known;
    const items: TextNode[] = [];
    this.seekLineOf(node.offset);
    while (!this.atEnd && this.indent === node.indent && this.startsSequenceItem(this.content)) {
      const at = this.skipSpaces(this.content + 1);
      // `- key: value` starts a map whose keys line up with this first one.
      items.push(
        plainKeyEnd(this.text, at, this.lineEnd) === -1
          ? { kind: 'inline', offset: at }
          : { kind: 'map', offset: at, indent: at - this.lineStart },
      );
      this.seekContentLine(this.lineEnd + 1);
      while (!this.atEnd && this.indent > node.indent) this.seekContentLine(this.lineEnd + 1);
    }
    this.listItems.set(node.offset, items);
    return items;
  }

  /**
   * The place of `path` from `index` on, inside the value written on one line at `at`: a flow
   * list or map is walked item by item; past a scalar, the scalar is the place.
   */
  private offsetInFlow(at: number, path: readonly PropertyKey[], index: number): number | 'unsure' {
    this.seekLineOf(at);
    let node = at;
    for (let step = index; step < path.length; step += 1) {
      const segment = path[step];
      const first = this.text.charCodeAt(node);
      if (first === OPEN_LIST) {
        if (typeof segment !== 'number') return node;
        const items = this.flowItems(node);
        const item = items[segment];
        if (item === undefined) return node;
        node = item.valueAt;
      } else if (first === OPEN_MAP) {
        const entry = this.flowItems(node).find((item) => item.key === String(segment));
        if (entry === undefined) return node;
        if (step === path.length - 1) return entry.keyAt;
        node = entry.valueAt;
      } else {
        break;
      }
    }
    return this.isEmptyQuoted(node) ? 'unsure' : node;
  }

  /** The items of the flow list or map opening at `open`: where each key (for a map) and value starts. */
  private flowItems(open: number): { key: string; keyAt: number; valueAt: number }[] {
    const { text } = this;
    const isList = text.charCodeAt(open) === OPEN_LIST;
    const close = isList ? CLOSE_LIST : CLOSE_MAP;
    const items: { key: string; keyAt: number; valueAt: number }[] = [];
    let at = this.skipSpaces(open + 1);
    if (text.charCodeAt(at) === close) return items;
    for (;;) {
      let key = '';
      const keyAt = at;
      if (!isList) {
        if (text.charCodeAt(at) === DOUBLE_QUOTE) {
          const end = this.flowValueEnd(at);
          const raw = text.slice(at, end);
          key = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
          at = this.skipSpaces(end);
        } else {
          const keyEnd = keyCharsEnd(text, at);
          key = text.slice(at, keyEnd);
          at = keyEnd;
        }
        // The `:` after the key.
        at = this.skipSpaces(at + 1);
      }
      items.push({ key, keyAt, valueAt: at });
      at = this.skipSpaces(this.flowValueEnd(at));
      if (at >= this.lineEnd || text.charCodeAt(at) !== COMMA) return items;
      at = this.skipSpaces(at + 1);
    }
  }

  /** The index after the flow value starting at `at` (a nested collection, a quoted or a plain scalar). */
  private flowValueEnd(at: number): number {
    const { text } = this;
    const first = text.charCodeAt(at);
    if (first === OPEN_LIST || first === OPEN_MAP) {
      const close = first === OPEN_LIST ? CLOSE_LIST : CLOSE_MAP;
      let index = this.skipSpaces(at + 1);
      if (text.charCodeAt(index) === close) return index + 1;
      for (;;) {
        if (first === OPEN_MAP) {
          index = this.skipSpaces(this.flowKeyEnd(index) + 1);
        }
        index = this.skipSpaces(this.flowValueEnd(index));
        if (index >= this.lineEnd || text.charCodeAt(index) !== COMMA) return index + 1;
        index = this.skipSpaces(index + 1);
      }
    }
    if (first === SINGLE_QUOTE) {
      let index = at + 1;
      for (;;) {
        const quote = text.indexOf("'", index);
        if (text.charCodeAt(quote + 1) !== SINGLE_QUOTE) return quote + 1;
        index = quote + 2;
      }
    }
    if (first === DOUBLE_QUOTE) {
      let index = at + 1;
      for (;;) {
        const quote = text.indexOf('"', index);
        let backslashes = 0;
        for (let back = quote - 1; back > at && text.charCodeAt(back) === BACKSLASH; back -= 1) backslashes += 1;
        if (backslashes % 2 === 0) return quote + 1;
        index = quote + 1;
      }
    }
    let end = at;
    while (end < this.lineEnd) {
      const code = text.charCodeAt(end);
      if (code === COMMA || code === CLOSE_LIST || code === CLOSE_MAP || code === OPEN_LIST || code === OPEN_MAP) break;
      end += 1;
    }
    return end;
  }

  /** The index of the `:` after a flow map's key at `at`. */
  private flowKeyEnd(at: number): number {
    if (this.text.charCodeAt(at) === DOUBLE_QUOTE) return this.skipSpaces(this.flowValueEnd(at));
    return keyCharsEnd(this.text, at);
  }
}
