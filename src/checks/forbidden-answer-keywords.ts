import { forbiddenTextCheck } from './forbidden-text.js';

export const forbiddenAnswerKeywordsCheck = forbiddenTextCheck({
  id: 'forbidden-answer-keywords',
  order: 70,
  spec: ['S02'],
  description: "The final answer contains none of the case's forbiddenAnswerKeywords.",
  failsWhen: 'the final answer contains a forbidden answer keyword',
  skippedWhen: 'none configured',
  scanByDefault: true,
  entryName: 'forbidden answer keyword',
  forbidden: (evalCase) => evalCase.forbiddenAnswerKeywords,
});
