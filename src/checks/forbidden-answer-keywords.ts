import { matchedTexts, plural, quoteList } from './support.js';
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
    if (texts.length === 0) return { outcome: 'skip', messageId: 'noKeywords' };
    const found = matchedTexts(context, texts);
    if (found.length > 0) {
      const keywordWord = found.length === 1 ? 'forbidden answer keyword' : 'forbidden answer keywords';
      return { outcome: 'fail', messageId: 'found', data: { keywordWord, found: quoteList(found) } };
    }
    return {
      outcome: 'pass',
      messageId: 'noneFound',
      data: { keywords: plural(texts.length, 'forbidden answer keyword') },
    };
  },
};
