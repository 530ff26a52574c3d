import { quote, quoteList } from './support.js';
import type { CheckDefinition } from './types.js';

export const runCompletedCheck: CheckDefinition = {
  id: 'run-completed',
  order: 180,
  spec: ['S35'],
  description:
    "The trace's status, when recorded, is one of contract.completedStatuses (any case): a failed, timed-out or running diagnosis is no answer.",
  failsWhen: "the trace's `status` is not one of `contract.completedStatuses` (any case)",
  skippedWhen: 'no `status`',
  scanByDefault: true,
  run({ trace, contract }) {
    const status = trace.status;
    if (status === null) {
      return { outcome: 'skip', message: 'the trace records no status' };
    }
    const completed = contract.completedStatuses;
    const lowered = status.trim().toLowerCase();
    if (!completed.some((value) => value.toLowerCase() === lowered)) {
      return {
        outcome: 'fail',
        message: `the run did not complete: status is ${quote(status)}, expected ${completed.length === 1 ? '' : 'one of '}${quoteList(completed)} (contract.completedStatuses)`,
      };
    }
    return { outcome: 'pass', message: `status ${quote(status)}` };
  },
};
