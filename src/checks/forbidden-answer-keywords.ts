import { fail, matchedTexts, pass, plural, quoteList, skip } from './support.js';
import type { CheckDefinition } from './types.js';

export const forbiddenAnswerKeywordsCheck: CheckDefinition = {
  id: 'forbidden-answer-keywords',
  order: 70,
  spec: ['S02'],
  description: "The final answer contains none of the case's forbiddenAnswerKeywords.",
  failsWhen: 'the final answer contains a forbidden answer keyword',
  skippedWhen: 'none configured',
  scanByDefault: true,
  inputs: ['forbiddenAnswerKeywords'],
  messages: {
    noneFound: 'the final answer contains none of the {{keywords}}',
    found: 'the final answer contains {{keywordWord}} {{found}}',
    noKeywords: 'the case has no forbidden answer keywords',
  },
  run(context) {
    const texts = context.evalCase.forbiddenAnswerKeywords;
    if (texts.length === 0) return skip('noKeywords');
    const found = matchedTexts(context, texts);
    if (found.length > 0) {
      const keywordWord = found.length === 1 ? 'forbidden answer keyword' : 'forbidden answer keywords';
      return fail('found', { keywordWord, found: quoteList(found) });
    }
    return pass('noneFound', { keywords: plural(texts.length, 'forbidden answer keyword') });
  },
};
