import { readSubsetAsJson } from './yaml-subset-as-json.js';

/**
 * A YAML text's value, read by a small reader of the YAML that case files and configs are
 * written in, or null when the text uses anything else; the fast parser (yaml-quick.ts) then
 * reads it, and the documented parser (yaml-document.ts) names its problems.
 *
 * What is read here: block mappings with plain keys, block sequences (also at the key's own
 * indentation), and on one line each: flow lists and maps (also JSON's, `{"a":1}`), double-quoted
 * text with JSON's escapes, single-quoted text, plain scalars resolved by the YAML 1.2 core schema
 * (`yes`, `on`, `0o17`, `14:05` are what the core schema says; what the reader does not resolve
 * itself, such as `1e3`, it asks the fast parser about, alone), comments and blank lines. Anything
 * else (anchors, aliases, tags, block scalars, text over several lines, quoted block keys,
 * directives, document markers, tabs, CR line ends, a duplicate key, a `__proto__` key, values
 * JSON cannot write such as `.inf`) returns null, and so does anything malformed: a file with a
 * problem is never read here.
 *
 * Why: the fast parser builds an event list and then the values; the subset is written out as
 * JSON on the way and parsed by JSON.parse (yaml-subset-as-json.ts), which makes the values
 * natively: a case file of 10,000 cases is read in a fraction of the fast parser's time and
 * memory. Tests hold this reading to the fast parser's values (and the YAML 1.1/1.2 differences to
 * the documented parser's) on tables and on random changes to the bundled case file.
 */
export function loadCommonYaml(text: string): { value: unknown } | null {
  return readSubsetAsJson(text);
}
