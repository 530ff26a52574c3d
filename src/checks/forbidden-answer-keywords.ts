import { matchedTexts, plural, quoteList } from './support.js';
import type { CheckDefinition } from './types.js';

export const forbiddenAnswerKeywordsCheck: CheckDefinition = {
  id: 'forbidden-answer-keywords',
  spec: ['S02'],
  description: "The final answer contains none of the case's forbiddenAnswerKeywords.",
  run(context) {
    const keywords = context.evalCase.forbiddenAnswerKeywords;
    if (keywords.length === 0) {
      return { outcome: 'skip', message: 'the case has no forbidden answer keywords' };
    }
    const found = matchedTexts(context, keywords);
    if (found.length > 0) {
      return {
        outcome: 'fail',
        message: `the final answer contains forbidden answer ${found.length === 1 ? 'keyword' : 'keywords'} ${quoteList(found)}`,
      };
    }
    return {
      outcome: 'pass',
      message: `the final answer contains none of the ${plural(keywords.length, 'forbidden answer keyword')}`,
    };
  },
};
