import { changed, verifierOf } from '../plain-trace.js';
import type { MutationOperator } from '../types.js';

/** The verifier reaches no verdict at all. */
export const removeVerdict: MutationOperator = {
  id: 'remove-verdict',
  description: "the verifier's verdict removed",
  mutate({ evalCase, trace }) {
    if (verifierOf(trace)?.['verdict'] === undefined) return [];
    return [
      {
        label: 'verdict',
        document: changed(trace, (copy) => {
          const verifier = verifierOf(copy);
          if (verifier !== null) delete verifier['verdict'];
        }),
        suggestion: `case \`${evalCase.id}\` does not notice a missing verdict: keep the verdict-present check at severity error`,
      },
    ];
  },
};
