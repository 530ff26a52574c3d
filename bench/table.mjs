/** A plain-text table with padded columns (no colour, so the output pastes anywhere). */
export function renderTable(columns, rows) {
  const widths = columns.map((column, index) =>
    Math.max(column.length, ...rows.map((row) => String(row[index]).length)),
  );
  const line = (cells) =>
    cells
      .map((cell, index) => String(cell).padEnd(widths[index]))
      .join('  ')
      .trimEnd();
  return [line(columns), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** The same rows as a Markdown table (`| a | b |`), for the README's performance section. */
export function renderMarkdownTable(columns, rows) {
  const cell = (value) => String(value).replace(/\|/g, '\\|');
  return [
    `| ${columns.map(cell).join(' | ')} |`,
    `|${columns.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');
}
