import { fail, pass, quote, skip, verdictIs } from './support.js';
import type { CheckDefinition } from './types.js';

/** The default of `maxCandidateCauses` (docs/contract.md §2). */
const DEFAULT_MAX_CANDIDATE_CAUSES = 3;

/** How many candidate causes a failure message quotes, and how long each quote may be. */
const QUOTED_CANDIDATES = 4;
const MAX_QUOTE = 60;

/**
 * S69: an answer that lists many possible causes, or offers them as rivals ("it could be X, or Y,
 * or Z"), and chooses none has not diagnosed, whatever words it contains. The candidates and the
 * choice are read by text/conclusion.ts.
 */
export const singleConclusionCheck: CheckDefinition = {
  id: 'single-conclusion',
  order: 65,
  spec: ['S69'],
  description:
    'The final answer does not offer more than maxCandidateCauses (default 3) candidate causes without choosing one of them.',
  failsWhen:
    'the final answer offers more than `maxCandidateCauses` (default 3) candidate causes (the items of a list it introduces as possible causes, and the alternatives of rival statements such as "it could be X, or Y, or Z" and "可能是 X，也可能是 Y"; section 4 below) and chooses none: no statement gives the root cause (other than a rival statement), no ranked list puts one first, no item is marked as the most likely',
  skippedWhen: 'empty answer, or the verdict is `contract.rejectVerdict`',
  inputs: ['maxCandidateCauses'],
  messages: {
    noCandidates: 'the answer offers no list of candidate causes',
    withinLimit: '{{candidates}} candidate causes, within maxCandidateCauses {{allowed}}',
    chosen: '{{candidates}} candidate causes, and the answer chooses one',
    noneChosen:
      'the answer offers {{candidates}} candidate causes without choosing one (maxCandidateCauses {{allowed}}): {{quoted}}{{more}}',
    emptyAnswer: 'the final answer is empty',
    rejected: 'verdict is {{verdict}}: a rejected answer states no conclusion',
  },
  run(context) {
    if (context.normalizedFinalAnswer.trim() === '') return skip('emptyAnswer');
    if (verdictIs(context, context.contract.rejectVerdict)) {
      return skip('rejected', { verdict: quote(context.contract.rejectVerdict.toUpperCase()) });
    }
    const allowed = context.evalCase.maxCandidateCauses ?? DEFAULT_MAX_CANDIDATE_CAUSES;
    const answer = context.answerAssertions;
    const { candidates, chosen } = answer.conclusion();
    if (candidates.length <= allowed) {
      return candidates.length === 0
        ? pass('noCandidates')
        : pass('withinLimit', { candidates: candidates.length, allowed });
    }
    if (chosen) return pass('chosen', { candidates: candidates.length });
    const text = answer.withLinesAsSpaces();
    const quoted = candidates
      .slice(0, QUOTED_CANDIDATES)
      .map((item) => quote(cutAtWord(text.slice(item.start, item.end).replace(/^[\s\-*+•\d.)(、]+/u, ''))))
      .join(', ');
    return fail('noneChosen', {
      candidates: candidates.length,
      allowed,
      quoted,
      more: candidates.length > QUOTED_CANDIDATES ? ', …' : '',
    });
  },
};

/** At most MAX_QUOTE characters, cut at a word boundary. */
function cutAtWord(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= MAX_QUOTE) return trimmed;
  const cut = trimmed.slice(0, MAX_QUOTE);
  const space = cut.lastIndexOf(' ');
  return `${space > MAX_QUOTE / 2 ? cut.slice(0, space) : cut}…`;
}
