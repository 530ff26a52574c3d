import { answerOf, changed } from '../plain-trace.js';
import type { PreservingRewrite } from '../types.js';

/** A rewrite of the answer's text alone: one variant, or none when the answer is empty or comes out the same. */
export function answerRewrite(
  meta: Omit<PreservingRewrite, 'rewrite'> & { label: string },
  rewrite: (answer: string) => string,
): PreservingRewrite {
  const { id, description, label } = meta;
  return {
    id,
    description,
    rewrite({ trace }) {
      const answer = answerOf(trace);
      const finalAnswer = rewrite(answer);
      return answer === '' || finalAnswer === answer ? [] : [{ label, document: changed(trace, { finalAnswer }) }];
    },
  };
}
