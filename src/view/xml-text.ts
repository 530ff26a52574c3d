/**
 * Text made safe for XML 1.0: characters XML forbids (control characters other than tab, line
 * feed and carriage return; lone surrogates; U+FFFE and U+FFFF) are removed, since no escape can
 * carry them, and markup characters are escaped. Used for everything a trace or case file gave.
 */
const FORBIDDEN_IN_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlText(text: string): string {
  // A carriage return is written as a reference: a parser turns a literal one into a line feed.
  return text
    .replace(FORBIDDEN_IN_XML, '')
    .replace(/[&<>\r]/gu, (character) => TEXT_REFERENCES[character] ?? character);
}

const TEXT_REFERENCES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };

/** An attribute value for `name="…"`: also quotes, and tab / line breaks as references so a parser keeps them. */
export function xmlAttribute(text: string): string {
  return xmlText(text).replace(/["'\t\n]/gu, (character) => ATTRIBUTE_REFERENCES[character] ?? character);
}

const ATTRIBUTE_REFERENCES: Record<string, string> = { '"': '&quot;', "'": '&apos;', '\t': '&#9;', '\n': '&#10;' };
