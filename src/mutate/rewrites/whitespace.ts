import { answerOf, changed } from '../plain-trace.js';
import type { PreservingRewrite } from '../types.js';

/** The same answer with doubled spaces, a tab and blank lines: white space carries no meaning. */
export const whitespace: PreservingRewrite = {
  id: 'whitespace',
  description: 'spaces doubled, line breaks doubled, the answer surrounded by blank lines',
  rewrite({ trace }) {
    if (answerOf(trace) === '') return [];
    return [
      {
        label: 'spaces and lines',
        document: changed(trace, {
          finalAnswer: `\n\t${answerOf(trace).replace(/ /gu, '  ').replace(/\n/gu, '\n\n')}\n\n`,
        }),
      },
    ];
  },
};
