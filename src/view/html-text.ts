/** Text for HTML element content and double-quoted attribute values: every markup character escaped. */
export function htmlText(text: string): string {
  return text.replace(/[&<>"']/gu, (character) => HTML_REFERENCES[character] ?? character);
}

const HTML_REFERENCES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * JSON to embed in `<script type="application/json">`: `<` (so no `</script>` or `<!--` can end
 * or alter the element), `>`, `&` and the two line separators JavaScript once treated as line
 * ends are written as \u escapes, which JSON.parse reads back as the same characters.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/gu,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
