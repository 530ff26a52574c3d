import { answerOf, changed } from '../plain-trace.js';
import type { PreservingRewrite } from '../types.js';

/** The same answer with Latin letters and digits in their full-width forms, as a Chinese input method may type them. */
export const fullWidth: PreservingRewrite = {
  id: 'full-width',
  description: 'ASCII letters and digits of the answer written full-width (Ａ, ９)',
  rewrite({ trace }) {
    const answer = answerOf(trace);
    const wide = answer.replace(/[A-Za-z0-9]/gu, (character) =>
      String.fromCodePoint((character.codePointAt(0) as number) + 0xfee0),
    );
    if (wide === answer) return [];
    return [
      {
        label: 'full-width letters and digits',
        document: changed(trace, { finalAnswer: wide }),
      },
    ];
  },
};
