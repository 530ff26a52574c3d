import { answerRewrite } from './answer-rewrite.js';

/** The same answer with doubled spaces, a tab and blank lines: white space carries no meaning. */
export const whitespace = answerRewrite(
  {
    id: 'whitespace',
    description: 'spaces doubled, line breaks doubled, the answer surrounded by blank lines',
    label: 'spaces and lines',
  },
  (answer) => `\n\t${answer.replace(/ /gu, '  ').replace(/\n/gu, '\n\n')}\n\n`,
);
