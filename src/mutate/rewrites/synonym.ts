import { conceptName, mentionedSynonyms, replaceSynonyms, synonymsOf } from '../case-text.js';
import { answerOf, changed } from '../plain-trace.js';
import type { PreservingRewrite } from '../types.js';

/** A concept named by another of its own synonyms: the case itself says they mean the same. */
export const synonym: PreservingRewrite = {
  id: 'synonym',
  description:
    "one synonym of a root-cause concept replaced by another from the case's own list, for each concept with two or more",
  rewrite({ evalCase, trace }) {
    const answer = answerOf(trace);
    return (evalCase.rootCauseKeywords as readonly unknown[]).flatMap((concept, index) => {
      const found = mentionedSynonyms(answer, concept)[0];
      if (found === undefined) return [];
      // Another synonym that neither contains nor is contained in the one replaced, so the swap is a clean one.
      const other = synonymsOf(concept).find(
        (candidate) =>
          candidate.trim() !== '' &&
          !candidate.toLowerCase().includes(found.toLowerCase()) &&
          !found.toLowerCase().includes(candidate.toLowerCase()),
      );
      if (other === undefined) return [];
      return [
        {
          label: `concept ${index + 1} (${conceptName(concept)}): "${found}" → "${other}"`,
          document: changed(trace, { finalAnswer: replaceSynonyms(answer, [found], () => other) }),
        },
      ];
    });
  },
};
