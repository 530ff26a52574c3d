import { codeAt } from './code-at.js';

/** a–z and 0–9 (the text is lower-cased); -1, past either end of the text (codeAt), is not. */
export function isWordCode(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39);
}

/**
 * Ends a sentence, a clause wherever a scan starts, and every list: "。;!?" and line ends, and a
 * "." not between two letters or digits (`v2.31.0`, `max.poll.records`). Whether a ":" ends a
 * clause depends on the trigger before it (assertion.ts), so it ends no sentence.
 */
export function isHardClauseEnd(text: string, index: number): boolean {
  switch (text.charCodeAt(index)) {
    case 0x3002: // 。
    case 0x3b: // ;
    case 0x21: // !
    case 0x3f: // ?
    case 0x0a: // line end
      return true;
    case 0x2e: // .
      return !(isWordCode(codeAt(text, index - 1)) && isWordCode(codeAt(text, index + 1)));
    default:
      return false;
  }
}

/** The sentence around `start` to `end`: from the hard clause end before it to the one after it (isHardClauseEnd). */
export function sentenceAround(text: string, start: number, end = start): { start: number; end: number; text: string } {
  let from = start;
  while (from > 0 && !isHardClauseEnd(text, from - 1)) from -= 1;
  let to = Math.max(end, start);
  while (to < text.length && !isHardClauseEnd(text, to)) to += 1;
  return { start: from, end: to, text: text.slice(from, to) };
}
