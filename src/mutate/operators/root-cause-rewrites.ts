import type { EvalCase } from '../../cases/types.js';
import {
  conceptName,
  culpritConcept,
  isRequiredConcept,
  mentionedSynonyms,
  replaceSynonyms,
  speaksChinese,
} from '../case-text.js';
import { answerOf, changed } from '../plain-trace.js';
import type { Mutant, MutationContext } from '../types.js';

/**
 * The shared shape of the operators that rewrite the culprit concept wherever the answer names it
 * (negate, hedge, replace): one mutant per case, or none when the answer names no concept.
 */
export function rewriteCulprit(
  { evalCase, trace }: MutationContext,
  rewrite: (found: string, chinese: boolean) => string,
  what: string,
): Mutant[] {
  const answer = answerOf(trace);
  const culprit = culpritConcept(evalCase, answer);
  if (culprit === null) return [];
  const synonyms = mentionedSynonyms(answer, culprit);
  if (synonyms.length === 0) return [];
  const chinese = speaksChinese(evalCase);
  const regressed = replaceSynonyms(answer, synonyms, (found) => rewrite(found, chinese));
  return [
    {
      label: `concept "${conceptName(culprit)}"`,
      document: changed(trace, { finalAnswer: regressed }),
      suggestion: culpritSuggestion(evalCase, culprit, what),
    },
  ];
}

/**
 * Marking the culprit required is the remedy while it is not; once every mention must be covered
 * (required, or minKeywordCoverage 1), a surviving mutant means the mention itself is still counted.
 */
function culpritSuggestion(evalCase: EvalCase, culprit: unknown, what: string): string {
  const head = `case \`${evalCase.id}\` does not notice when its culprit concept "${conceptName(culprit)}" is ${what}`;
  if (isRequiredConcept(culprit) || evalCase.minKeywordCoverage >= 1) {
    return `${head}, although the concept must be covered: keyword-coverage still counts the mention; it must count only asserted mentions (assertion-aware matching)`;
  }
  return `${head}: mark it required ({ any: [...], required: true })`;
}
