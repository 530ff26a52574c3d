/**
 * Text put into a Markdown (GFM) table cell. A `|` would end the cell and a line break would end
 * the row, so messages and ids taken from reports must pass through here.
 */
export function escapeTableCell(text: string): string {
  // Most cells (ids, counts, verdicts) have nothing to escape: one scan, and no new string.
  if (!NEEDS_ESCAPE.test(text)) return text;
  return (
    text
      // The table parser reads `\|` as a literal pipe, so backslashes already in front of a pipe
      // are doubled first; otherwise `a\|b` would become `a\\|b`, an escaped backslash and a cell break.
      .replace(/(\\*)\|/g, (_match, backslashes: string) => `${backslashes}${backslashes}\\|`)
      .replace(/\r\n|\r|\n/g, '<br>')
  );
}

const NEEDS_ESCAPE = /[|\r\n]/u;

/** A row of a Markdown table, every cell escaped. */
export function tableRow(cells: readonly string[]): string {
  return `| ${cells.map(escapeTableCell).join(' | ')} |`;
}
