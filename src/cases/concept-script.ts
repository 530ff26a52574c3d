import { synonymsOf } from './concepts.js';
import type { EvalCase } from './types.js';

/**
 * A concept none of whose synonyms is in the script of the case's question can hardly be
 * covered: the agent answers in the language it was asked in. `validate` warns about it
 * (exit code unchanged), e.g. a Chinese question whose concept has only English synonyms.
 */

type Script = 'Chinese' | 'Latin';

const HAN = /\p{Script=Han}/u;
const LATIN = /\p{Script=Latin}/u;
/**
 * Identifiers are written the same in any language's answer (`max.poll.records`, `OrderNoteSanitizer`,
 * `50/50`, `v2.31.0`): a synonym with a digit, `.`, `_`, `/`, `-`, `=` or an inner capital letter counts for every script.
 */
const IDENTIFIER = /[0-9._/=-]|[a-z][A-Z]/u;

function scriptOf(text: string): Script | null {
  if (HAN.test(text)) return 'Chinese';
  return LATIN.test(text) ? 'Latin' : null;
}

function coversScript(synonym: string, script: Script): boolean {
  const own = scriptOf(synonym);
  return own === null || own === script || IDENTIFIER.test(synonym);
}

/** One line per concept of the case that has no synonym in its question's script. */
export function conceptScriptWarnings(evalCase: EvalCase): string[] {
  const script = scriptOf(evalCase.question);
  if (script === null) return [];
  const warnings: string[] = [];
  evalCase.rootCauseKeywords.forEach((concept, index) => {
    const synonyms = synonymsOf(concept);
    if (synonyms.length === 0 || synonyms.some((synonym) => coversScript(synonym, script))) return;
    warnings.push(
      `${evalCase.id}: rootCauseKeywords[${index}]: found only ${script === 'Chinese' ? 'Latin' : 'Chinese'}-script synonyms ` +
        `${JSON.stringify(synonyms)} for a question in ${script} script; expected at least one synonym in ${script} script, ` +
        'since the answer is usually in the language of the question',
    );
  });
  return warnings;
}
