/** `text` as a regular expression source that matches it literally (every syntax character escaped). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}
