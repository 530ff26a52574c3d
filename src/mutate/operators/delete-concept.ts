import { conceptName, isRequiredConcept, replaceSynonyms, synonymsOf } from '../case-text.js';
import { answerOf, changed } from '../plain-trace.js';
import type { MutationOperator } from '../types.js';

/** One root-cause concept vanishes from the answer: every synonym of it removed. */
export const deleteConcept: MutationOperator = {
  id: 'delete-concept',
  description: 'every synonym of one root-cause concept removed from the answer, for each concept',
  mutate({ evalCase, trace }) {
    const answer = answerOf(trace);
    return (evalCase.rootCauseKeywords as readonly unknown[]).flatMap((concept, index) => {
      const synonyms = synonymsOf(concept).filter((synonym) => synonym.trim() !== '');
      const regressed = replaceSynonyms(answer, synonyms, () => '');
      if (regressed === answer) return [];
      return [
        {
          label: `concept ${index + 1} (${conceptName(concept)})`,
          document: changed(trace, { finalAnswer: regressed }),
          suggestion: isRequiredConcept(concept)
            ? `case \`${evalCase.id}\` does not notice concept "${conceptName(concept)}" vanishing although it is required: check keyword-coverage's severity`
            : `concept "${conceptName(concept)}" of case \`${evalCase.id}\` can vanish within minKeywordCoverage ${evalCase.minKeywordCoverage}: mark it required ({ any: [...], required: true }) if the diagnosis needs it`,
        },
      ];
    });
  },
};
