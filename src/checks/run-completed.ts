import { enumeratedValue, fail, pass, quote, quoteList, skip } from './support.js';
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
  inputs: [],
  messages: {
    completed: 'status {{status}}',
    notCompleted: 'the run did not complete: status is {{status}}, expected {{completed}} (contract.completedStatuses)',
    noStatus: 'the trace records no status',
  },
  run({ trace, contract }) {
    const status = trace.status;
    if (status === null) return skip('noStatus');
    const completed = contract.completedStatuses;
    const read = enumeratedValue(status);
    if (!completed.some((value) => value.toLowerCase() === read)) {
      const expected = `${completed.length === 1 ? '' : 'one of '}${quoteList(completed)}`;
      return fail('notCompleted', { status: quote(status), completed: expected });
    }
    return pass('completed', { status: quote(status) });
  },
};
