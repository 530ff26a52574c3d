import { answerOf, changed } from '../plain-trace.js';
import type { PreservingRewrite } from '../types.js';

/** The same answer in capitals: letter case carries no meaning for the checks. */
export const letterCase: PreservingRewrite = {
  id: 'letter-case',
  description: 'the answer upper-cased',
  rewrite({ trace }) {
    const answer = answerOf(trace);
    if (answer === '' || answer.toUpperCase() === answer) return [];
    return [
      {
        label: 'upper case',
        document: changed(trace, { finalAnswer: answer.toUpperCase() }),
      },
    ];
  },
};
