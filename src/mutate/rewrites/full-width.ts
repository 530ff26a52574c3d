import { answerRewrite } from './answer-rewrite.js';

/** The same answer with Latin letters and digits in their full-width forms, as a Chinese input method may type them. */
export const fullWidth = answerRewrite(
  {
    id: 'full-width',
    description: 'ASCII letters and digits of the answer written full-width (Ａ, ９)',
    label: 'full-width letters and digits',
  },
  (answer) =>
    answer.replace(/[A-Za-z0-9]/gu, (character) => String.fromCodePoint((character.codePointAt(0) as number) + 0xfee0)),
);
