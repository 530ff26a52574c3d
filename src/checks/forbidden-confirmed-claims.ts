import { matchedTexts, plural, quoteList } from './support.js';
import type { CheckDefinition } from './types.js';

export const forbiddenConfirmedClaimsCheck: CheckDefinition = {
  id: 'forbidden-confirmed-claims',
  spec: ['S30'],
  description: "The final answer contains none of the case's forbiddenConfirmedClaims keywords.",
  run(context) {
    const keywords = context.evalCase.forbiddenConfirmedClaims;
    if (keywords.length === 0) {
      return { outcome: 'skip', message: 'the case has no forbidden confirmed-claim keywords' };
    }
    const found = matchedTexts(context, keywords);
    if (found.length > 0) {
      return {
        outcome: 'fail',
        message: `the final answer contains forbidden confirmed-claim ${found.length === 1 ? 'keyword' : 'keywords'} ${quoteList(found)}`,
      };
    }
    return {
      outcome: 'pass',
      message: `the final answer contains none of the ${plural(keywords.length, 'forbidden confirmed-claim keyword')}`,
    };
  },
};
