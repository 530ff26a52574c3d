import { htmlText } from './html-text.js';
import { STYLES } from './styles.js';

/** Every string but the title and subtitle is HTML already. */
export interface HtmlPage {
  title: string;
  subtitle: string;
  /** Fixed text (policy words and hashes): written as it is. */
  contentSecurityPolicy: string;
  /** Under the title and subtitle, inside the header (report.html's tabs). */
  header?: readonly string[];
  main: readonly string[];
  /** After the main part, before the body ends (report.html's data and script). */
  trailer?: readonly string[];
}

/**
 * Every HTML page of the harness (report.html, mutation.html, scan.html): one self-contained
 * file with the same inlined stylesheet and head; each page brings its own policy.
 */
export function htmlPage(page: HtmlPage): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${page.contentSecurityPolicy}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${htmlText(page.title)}</title>`,
    `<style>${STYLES}</style>`,
    '</head>',
    '<body>',
    '<header>',
    `<h1>${htmlText(page.title)}</h1>`,
    `<div class="muted">${htmlText(page.subtitle)}</div>`,
    ...(page.header ?? []),
    '</header>',
    '<main>',
    ...page.main,
    '</main>',
    ...(page.trailer ?? []),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * Pages drawn entirely on the server side (mutation.html, scan.html), in the style of
 * report.html, with no script at all: their Content-Security-Policy allows inline styles and
 * nothing else. Every helper below escapes the text it is given; the strings they return are HTML.
 */
export function staticPage(title: string, subtitle: string, body: readonly string[]): string {
  return htmlPage({
    title,
    subtitle,
    contentSecurityPolicy: "default-src 'none'; style-src 'unsafe-inline'",
    main: body,
  });
}

/**
 * Cells are HTML already (escaped by the helpers); a numeric cell is marked by a leading tab.
 * With no rows and an `empty` text, that text stands in for the table.
 */
export function table(headings: readonly string[], rows: readonly string[][], empty?: string): string {
  if (rows.length === 0 && empty !== undefined) return `<p class="empty">${htmlText(empty)}</p>`;
  const isNumber = (cell: string): boolean => cell.startsWith('\t');
  const head = headings
    .map(
      (heading, index) =>
        `<th${rows[0] !== undefined && isNumber(rows[0][index] ?? '') ? ' class="num"' : ''}>${htmlText(heading)}</th>`,
    )
    .join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${row.map((cell) => (isNumber(cell) ? `<td class="num">${cell.slice(1)}</td>` : `<td>${cell}</td>`)).join('')}</tr>`,
    )
    .join('\n');
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

/** The summary heading and a row of cards, each a label and its value. */
export function summaryCards(cards: readonly (readonly [string, string])[]): string[] {
  return ['<h2>Summary</h2>', `<div class="cards">${cards.map(([label, value]) => card(label, value)).join('')}</div>`];
}

export function percent(score: number | null): string {
  return score === null ? '–' : `${(score * 100).toFixed(1)}%`;
}
