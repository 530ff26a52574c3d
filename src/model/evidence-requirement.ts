/**
 * How a required evidence tool is named in a report's `evidenceCoverage`: a plain requirement by
 * its tool, a `{ any: [...] }` requirement (S73) by its tools joined with ` | ` in `required` and
 * `missing`, and, once covered, by the tool that covered it in `covered`. The diff reads a
 * requirement as covered when `covered` holds any of its tools.
 */
const SEPARATOR = ' | ';

export function alternativesLabel(tools: readonly string[]): string {
  return tools.join(SEPARATOR);
}

/** The tools a `required` entry stands for: one, or the alternatives of its label. */
export function requirementTools(required: string): string[] {
  return required.includes(SEPARATOR) ? required.split(SEPARATOR) : [required];
}
