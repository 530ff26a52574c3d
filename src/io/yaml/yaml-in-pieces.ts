// Buys: a large case file's `cases:` list read a few dozen cases at a time, so js-yaml's working memory is that of a piece rather than of the whole file (the peak memory of reading a 10,000-case YAML file), and a problem in a case located in that case's piece alone (the time to name a mistake in the last of 10,000 cases).
import { parseYamlDocument, type YamlDocument } from './yaml-document.js';

/**
 * The items of a top-level `cases:` block list are cut at the lines that start an item at the list's
 * indentation and read CASES_PER_PIECE at a time, the rest of the file with `cases: []` in the list's
 * place; null when the file has no such list. A cut in the wrong place (inside a quoted text that
 * runs over lines) leaves a piece that does not read or reads as fewer items, and the caller reads
 * the whole file instead. A piece of one case each would cost a js-yaml call per case.
 */
export function readCasesInPieces(
  text: string,
  load: (piece: string, depth: number) => unknown,
): { value: unknown; pieces: CasePieces } | null {
  const list = CASES_KEY.exec(text);
  if (list === null) return null;
  const listStart = list.index + list[0].length;
  const starts: number[] = [];
  let indent = -1;
  let end = text.length;
  for (let at = listStart; at < text.length; ) {
    const newline = text.indexOf('\n', at);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(at, lineEnd);
    const spaces = line.length - line.trimStart().length;
    const rest = line.slice(spaces);
    if (rest !== '' && !rest.startsWith('#')) {
      const item = rest === '-' || rest.startsWith('- ');
      if (indent === -1) {
        if (!item) return null;
        indent = spaces;
      }
      if (spaces < indent || (spaces === indent && !item)) {
        end = at;
        break;
      }
      if (spaces === indent) starts.push(at);
    }
    at = lineEnd + 1;
  }
  if (starts.length === 0) return null;
  // What stands before the list reads on its own: the `cases:` line is not inside a quoted text.
  load(text.slice(0, list.index), 0);
  const rest = load(`${text.slice(0, list.index)}cases: []\n${text.slice(end)}`, 0);
  const placeholder = typeof rest === 'object' && rest !== null ? (rest as { cases?: unknown }).cases : undefined;
  if (!Array.isArray(placeholder) || placeholder.length > 0) return null;
  const cases: unknown[] = [];
  for (let index = 0; index < starts.length; index += CASES_PER_PIECE) {
    const count = Math.min(CASES_PER_PIECE, starts.length - index);
    const piece = load(text.slice(starts[index], starts[index + count] ?? end), 2);
    if (!Array.isArray(piece) || piece.length !== count) return null;
    for (const item of piece) cases.push(item);
  }
  (rest as { cases: unknown[] }).cases = cases;
  return { value: rest, pieces: { starts, end } };
}

/** Where each case of a list read in pieces starts in the text, and where the list ends. */
export interface CasePieces {
  readonly starts: readonly number[];
  readonly end: number;
}

type Located = { line: number; column: number } | null;

/**
 * The place of a path in a file read in pieces: a path inside a case is located by the yaml
 * package in the piece that holds the case, read alone (a few dozen cases, not the whole file);
 * any other path, and one the piece cannot place, by `whole`, the place in the whole file. A
 * piece starts at a line start, so a column is the same in the piece as in the file.
 */
export function locateByPiece(
  text: string,
  displayName: string,
  pieces: CasePieces,
  whole: (path: readonly PropertyKey[]) => Located,
): (path: readonly PropertyKey[]) => Located {
  const read = new Map<number, { document: YamlDocument; linesBefore: number } | null>();
  const pieceRead = (number: number) => {
    if (!read.has(number)) read.set(number, readPiece(text, displayName, pieces, number));
    return read.get(number) ?? null;
  };
  return (path) => {
    const [first, index, ...inside] = path;
    if (first !== 'cases' || typeof index !== 'number' || !Object.hasOwn(pieces.starts, index)) return whole(path);
    const number = Math.floor(index / CASES_PER_PIECE);
    const piece = pieceRead(number);
    const located = piece?.document.locate([index - number * CASES_PER_PIECE, ...inside]) ?? null;
    if (piece === null || located === null) return whole(path);
    return { line: located.line + piece.linesBefore, column: located.column };
  };
}

/** Piece `number` read by the yaml package, and how many lines stand before it; null when it does not read alone. */
function readPiece(
  text: string,
  displayName: string,
  { starts, end }: CasePieces,
  number: number,
): { document: YamlDocument; linesBefore: number } | null {
  const start = starts[number * CASES_PER_PIECE] as number;
  try {
    const document = parseYamlDocument(text.slice(start, starts[(number + 1) * CASES_PER_PIECE] ?? end), displayName);
    return { document, linesBefore: text.slice(0, start).split('\n').length - 1 };
  } catch {
    return null;
  }
}

const CASES_PER_PIECE = 64;

/** `cases:` at the top level, with nothing after it on its line but a comment. */
const CASES_KEY = /^cases:[ \t]*(?:#[^\n]*)?(?:\n|$)/mu;
