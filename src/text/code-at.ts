/**
 * The UTF-16 code at `at`, or -1 outside the text. Scanners look one character past either end
 * of a text all the time (what precedes a number at the start, what follows a word at the end);
 * `charCodeAt` answers NaN there, but the optimising compiler assumes reads within bounds and
 * falls back to slow code each time one is not. -1, like NaN, equals no character and lies in
 * no range of characters, so every test reads it as NaN.
 */
export function codeAt(text: string, at: number): number {
  return at >= 0 && at < text.length ? text.charCodeAt(at) : -1;
}
