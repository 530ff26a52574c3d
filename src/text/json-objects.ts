import { parseJsonOrUndefined } from '../io/json/parse-json.js';
import { isRecord } from '../io/validation/is-record.js';

/**
 * JSON object literals pasted into prose (docs/contract.md §4, no-raw-structure). Candidates are
 * found by balancing braces outside JSON strings, then really parsed, so "{a, b}" or a path
 * template such as "/products/{id}" is prose, not an object. Text inside fenced code blocks
 * (``` or ~~~, as CommonMark reads them) is shown on purpose and is left out.
 */
export interface JsonObjectLiteral {
  /** The literal as written. */
  text: string;
  keys: number;
}

/** Bounds that keep the scan linear-ish on hostile input: a trace is judged, never trusted. */
const MAX_LITERAL_LENGTH = 20_000;
const MAX_CANDIDATES = 500;

/** The first object literal with at least `minKeys` keys outside fenced code, or null. */
export function findJsonObjectLiteral(text: string, minKeys: number): JsonObjectLiteral | null {
  if (!text.includes('{')) return null;
  let candidates = 0;
  for (const segment of proseSegments(text)) {
    for (let start = segment.indexOf('{'); start >= 0; start = segment.indexOf('{', start + 1)) {
      candidates += 1;
      if (candidates > MAX_CANDIDATES) return null;
      const end = matchingBrace(segment, start);
      if (end < 0) continue;
      const literal = segment.slice(start, end + 1);
      const value = parseJsonOrUndefined(literal);
      const keys = isRecord(value) ? Object.keys(value).length : null;
      if (keys !== null && keys >= minKeys) return { text: literal, keys };
    }
  }
  return null;
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/u;

/** The text outside fenced code blocks, one segment per stretch of prose. An unclosed fence runs to the end. */
export function proseSegments(text: string): string[] {
  if (!text.includes('```') && !text.includes('~~~')) return [text];
  const segments: string[] = [];
  let prose: string[] = [];
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    if (fence === null) {
      const open = FENCE_OPEN.exec(line);
      if (open?.[1] !== undefined && !(open[1][0] === '`' && line.slice(open[0].length).includes('`'))) {
        fence = open[1];
        segments.push(prose.join('\n'));
        prose = [];
      } else {
        prose.push(line);
      }
    } else if (isClosingFence(line, fence)) {
      fence = null;
    }
  }
  if (fence === null) segments.push(prose.join('\n'));
  return segments.filter((segment) => segment.includes('{'));
}

function isClosingFence(line: string, fence: string): boolean {
  const trimmed = line.replace(/^ {0,3}/u, '').trimEnd();
  const marker = fence[0] as string;
  return trimmed.length >= fence.length && [...trimmed].every((character) => character === marker);
}

/** The index of the brace that closes the one at `start`, skipping JSON strings; -1 when it does not close within bounds. */
function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  const limit = Math.min(text.length, start + MAX_LITERAL_LENGTH);
  for (let index = start; index < limit; index += 1) {
    const character = text[index];
    if (inString) {
      if (character === '\\') index += 1;
      else if (character === '"') inString = false;
    } else if (character === '"') {
      inString = true;
    } else if (character === '{') {
      depth += 1;
    } else if (character === '}') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return -1;
}
