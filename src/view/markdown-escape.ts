/**
 * Text from the data (an id, a verdict, a message quoting the answer) as Markdown shows it: as
 * text. GitHub renders the HTML in a Markdown file, and a `<` would open it: a quoted `<details>`
 * folds away, and `<!--` hides everything after it, the failures listed below included. So a `<`
 * is written `&lt;`, except inside a code span, which shows it as it is (and would show `&lt;`).
 * An entity (`&amp;`) only makes a character, so `&` stays as it is.
 */
export function markdownText(text: string): string {
  if (!text.includes('<')) return text;
  return text.replace(CODE_SPAN_OR_ANGLE, (match) => (match === '<' ? '&lt;' : match));
}

/** A code span (a run of backticks, then the first run of as many), or a `<`. */
const CODE_SPAN_OR_ANGLE = /(?<!`)(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)|</gu;

/**
 * Text put into a Markdown (GFM) table cell, as markdownText shows it. A `|` would end the cell
 * and a line break would end the row, so messages and ids taken from reports must pass through here.
 */
export function escapeTableCell(text: string): string {
  // Most cells (ids, counts, verdicts) have nothing to escape: one scan, and no new string.
  if (!NEEDS_ESCAPE.test(text)) return text;
  return (
    markdownText(text)
      // The table parser reads `\|` as a literal pipe, so backslashes already in front of a pipe
      // are doubled first; otherwise `a\|b` would become `a\\|b`, an escaped backslash and a cell break.
      .replace(/(\\*)\|/g, (_match, backslashes: string) => `${backslashes}${backslashes}\\|`)
      .replace(/\r\n|\r|\n/g, '<br>')
  );
}

const NEEDS_ESCAPE = /[|\r\n<]/u;

/** A row of a Markdown table, every cell escaped. */
export function tableRow(cells: readonly string[]): string {
  return `| ${cells.map(escapeTableCell).join(' | ')} |`;
}
