import { forbiddenTextCheck } from './forbidden-text.js';

export const forbiddenAnswerKeywordsCheck = forbiddenTextCheck({
  id: 'forbidden-answer-keywords',
  spec: ['S02'],
  description: "The final answer contains none of the case's forbiddenAnswerKeywords.",
  entryName: 'forbidden answer keyword',
  forbidden: (evalCase) => evalCase.forbiddenAnswerKeywords,
});
