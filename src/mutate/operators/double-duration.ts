import { changed } from '../plain-trace.js';
import type { MutationOperator } from '../types.js';

/** The run takes twice as long. */
export const doubleDuration: MutationOperator = {
  id: 'double-duration',
  description: "the run's duration doubled",
  mutate({ evalCase, trace }) {
    const duration = trace.durationMs;
    if (typeof duration !== 'number' || duration <= 0) return [];
    return [
      {
        label: `${duration} → ${duration * 2} ms`,
        document: changed(trace, { durationMs: duration * 2 }),
        suggestion: `case \`${evalCase.id}\` does not notice the run taking ${duration * 2} ms instead of ${duration} ms: set budget.maxDurationMs (e.g. ${Math.ceil((duration * 1.5) / 1000) * 1000})`,
      },
    ];
  },
};
