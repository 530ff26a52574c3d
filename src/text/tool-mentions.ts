import { normalizeText } from './normalize.js';

/**
 * The tool names a text mentions (docs/contract.md §4, cited-tools-called): a name counts when
 * it occurs as a whole word in any case, so `queryLogs` is found in "according to QueryLogs" but
 * not in "queryLogsV2", and the plain word "logs" never stands for `queryLogs`.
 *
 * A name that is itself a plain word (letters only, no inner capital, e.g. `logs`, `metrics`) would
 * match ordinary prose, so it counts only when written as code: in backticks, or followed by `(`.
 */
export function mentionedToolNames(normalizedText: string, names: readonly string[]): string[] {
  return names.filter((name) => mentions(normalizedText, name));
}

const WORD_CHARACTER = /[a-z0-9_]/u;

function mentions(text: string, name: string): boolean {
  const trimmed = name.trim();
  const needle = normalizeText(trimmed);
  const codeOnly = /^[A-Za-z][a-z]*$/u.test(trimmed);
  if (needle === '') return false;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    const before = at === 0 ? '' : text.charAt(at - 1);
    const after = text.charAt(at + needle.length);
    if (WORD_CHARACTER.test(before) || WORD_CHARACTER.test(after)) continue;
    if (!codeOnly || (before === '`' && after === '`') || after === '(') return true;
  }
  return false;
}
