// Buys: with json-cases-one-at-a-time.ts, the peak memory of a run on a large JSON case file: neither its text nor its parsed tree is held whole.
import { parseJsonOrUndefined } from './parse-json.js';

/**
 * Cuts a JSON document of UTF-8 bytes, an object with one large list (a case file and its
 * `cases`), into the byte ranges of its other members' values and of the list's items, without
 * decoding or parsing the document whole: each range can then be decoded and parsed on its own,
 * one at a time, so that neither the document's text nor its parsed tree is ever held whole.
 *
 * The scan checks only what lies between the ranges (white space, `:`, `,`, the brackets and the
 * keys); the ranges themselves are found by counting brackets, strings skipped, and are checked
 * by the parse of each. A document whose ranges all parse is therefore valid JSON, with the value
 * JSON.parse gives it. On anything it is not sure of (a syntax error, a duplicate key, an item
 * that is not an object) the scan gives up with null: the caller then reads the document whole,
 * the way that names every problem. Structural characters are ASCII, and UTF-8 never uses ASCII
 * bytes inside a multi-byte character, so scanning bytes finds what scanning characters would.
 */
export interface JsonListScan {
  /** The other members, in document order: their keys (decoded) and the byte ranges of their values. */
  members: { key: string; start: number; end: number }[];
  /** Where the list's member stands among the members (its index in `members` order). */
  listPosition: number;
  /** The byte range of each item of the list, in order (`itemEnds[i]` just past item i). */
  itemStarts: number[];
  itemEnds: number[];
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** The object in `bytes` from `start` (past a byte-order mark) whose member `listKey` is a list of objects; null when unsure. */
export function scanJsonObjectWithList(bytes: Buffer, start: number, listKey: string): JsonListScan | null {
  const members: JsonListScan['members'] = [];
  const seen = new Set<string>();
  const itemStarts: number[] = [];
  const itemEnds: number[] = [];
  let listPosition = -1;
  const item = (at: number): number => {
    if (bytes[at] !== OPEN_BRACE) return -1;
    const end = valueEndAt(bytes, at);
    itemStarts.push(at);
    itemEnds.push(end);
    return end;
  };
  const member = (at: number): number => {
    if (bytes[at] !== QUOTE) return -1;
    const keyEnd = stringEnd(bytes, at);
    const key = keyEnd === -1 ? null : parseJsonOrUndefined(bytes.toString('utf8', at, keyEnd));
    if (typeof key !== 'string' || seen.has(key)) return -1;
    seen.add(key);
    const colon = skipSpace(bytes, keyEnd);
    if (bytes[colon] !== COLON) return -1;
    const valueStart = skipSpace(bytes, colon + 1);
    if (key === listKey) {
      listPosition = members.length;
      return bytes[valueStart] === OPEN_BRACKET ? sequenceEnd(bytes, valueStart, CLOSE_BRACKET, item) : -1;
    }
    const valueEnd = valueEndAt(bytes, valueStart);
    members.push({ key, start: valueStart, end: valueEnd });
    return valueEnd;
  };
  const open = skipSpace(bytes, start);
  const end = bytes[open] === OPEN_BRACE ? sequenceEnd(bytes, open, CLOSE_BRACE, member) : -1;
  return end === -1 || listPosition === -1 || skipSpace(bytes, end) !== bytes.length
    ? null
    : { members, listPosition, itemStarts, itemEnds };
}

/**
 * The index just past the object or list whose opening bracket is at `open`, each of whose
 * members or items `element` steps over (returning the index past it), or -1 when unsure.
 */
function sequenceEnd(bytes: Buffer, open: number, close: number, element: (at: number) => number): number {
  let at = skipSpace(bytes, open + 1);
  if (bytes[at] === close) return at + 1;
  for (;;) {
    const end = element(at);
    if (end === -1) return -1;
    at = skipSpace(bytes, end);
    if (bytes[at] === close) return at + 1;
    if (bytes[at] !== COMMA) return -1;
    at = skipSpace(bytes, at + 1);
  }
}

function isSpace(code: number | undefined): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function skipSpace(bytes: Buffer, start: number): number {
  let at = start;
  while (isSpace(bytes[at])) at += 1;
  return at;
}

/** Index just past the string whose opening quote is at `start`, or -1 when the text ends first. */
function stringEnd(bytes: Buffer, start: number): number {
  let from = start + 1;
  for (;;) {
    // The native search finds the next quote; only a quote after backslashes needs a look back.
    const quote = bytes.indexOf(QUOTE, from);
    if (quote === -1) return -1;
    let backslashes = 0;
    for (let back = quote - 1; back > start && bytes[back] === BACKSLASH; back -= 1) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/**
 * Index just past the value at `start`, or -1: a container by counting brackets of both kinds
 * (a mismatched pair is left for the parse of the range to refuse), a string to its closing
 * quote, any other value up to the next delimiter.
 */
function valueEndAt(bytes: Buffer, start: number): number {
  const first = bytes[start];
  if (first === QUOTE) return stringEnd(bytes, start);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    // A plain loop over the bytes: a case file is tens of megabytes, and this is its only full pass in script.
    for (let at = start; at < bytes.length; at += 1) {
      const code = bytes[at] as number;
      if (code === QUOTE) {
        const end = stringEnd(bytes, at);
        if (end === -1) return -1;
        at = end - 1;
      } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
        depth += 1;
      } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        depth -= 1;
        if (depth === 0) return at + 1;
      }
    }
    return -1;
  }
  let at = start;
  while (at < bytes.length) {
    const code = bytes[at];
    if (isSpace(code) || code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET) break;
    at += 1;
  }
  return at === start ? -1 : at;
}
