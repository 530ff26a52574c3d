import { changed } from '../plain-trace.js';
import type { MutationOperator } from '../types.js';

/** The run did not finish, but left an answer behind. */
export const runNotCompleted: MutationOperator = {
  id: 'run-not-completed',
  description: "the run's status set to FAILED, the answer kept",
  mutate({ evalCase, trace }) {
    if (trace.status === 'FAILED') return [];
    return [
      {
        label: 'FAILED',
        document: changed(trace, { status: 'FAILED' }),
        suggestion: `case \`${evalCase.id}\` does not notice a run that ended FAILED: keep run-completed at severity error`,
      },
    ];
  },
};
