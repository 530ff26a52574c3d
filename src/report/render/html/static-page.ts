import { htmlText } from './html-text.js';
import { STYLES } from './styles.js';

/**
 * Pages drawn entirely on the server side (mutation.html, scan.html), in the style of
 * report.html: the same stylesheet, inlined, and no script at all, so their
 * Content-Security-Policy allows inline styles and nothing else. Every helper here escapes
 * the text it is given; the strings they return are HTML.
 */
export function staticPage(title: string, subtitle: string, body: readonly string[]): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${htmlText(title)}</title>`,
    `<style>${STYLES}</style>`,
    '</head>',
    '<body>',
    '<header>',
    `<h1>${htmlText(title)}</h1>`,
    `<div class="muted">${htmlText(subtitle)}</div>`,
    '</header>',
    '<main>',
    ...body,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Cells are HTML already (escaped by the helpers); a numeric cell is marked by a leading tab. */
export function table(headings: readonly string[], rows: readonly string[][]): string {
  const isNumber = (cell: string): boolean => cell.startsWith('\t');
  const head = headings.map((heading, index) => `<th${rows[0] !== undefined && isNumber(rows[0][index] ?? '') ? ' class="num"' : ''}>${htmlText(heading)}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((cell) => (isNumber(cell) ? `<td class="num">${cell.slice(1)}</td>` : `<td>${cell}</td>`)).join('')}</tr>`).join('\n');
  return `<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

export function num(value: number | string): string {
  return `\t${htmlText(String(value))}`;
}

export function code(text: string): string {
  return `<code>${htmlText(text)}</code>`;
}

export function card(label: string, value: string): string {
  return `<div class="card"><div class="value">${htmlText(value)}</div><div class="label">${htmlText(label)}</div></div>`;
}

export function percent(score: number | null): string {
  return score === null ? '–' : `${(score * 100).toFixed(1)}%`;
}
