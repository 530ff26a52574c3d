import { answerRewrite } from './answer-rewrite.js';

/** The same answer in capitals: letter case carries no meaning for the checks. */
export const letterCase = answerRewrite(
  { id: 'letter-case', description: 'the answer upper-cased', label: 'upper case' },
  (answer) => answer.toUpperCase(),
);
