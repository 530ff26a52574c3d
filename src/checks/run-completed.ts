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
  inputs: [],
  messages: {
    completed: 'status {{status}}',
    notCompleted: 'the run did not complete: status is {{status}}, expected {{completed}} (contract.completedStatuses)',
    noStatus: 'the trace records no status',
  },
  run({ trace, contract }) {
    const status = trace.status;
    if (status === null) return { outcome: 'skip', messageId: 'noStatus' };
    const completed = contract.completedStatuses;
    const lowered = status.trim().toLowerCase();
    if (!completed.some((value) => value.toLowerCase() === lowered)) {
      const expected = `${completed.length === 1 ? '' : 'one of '}${quoteList(completed)}`;
      return { outcome: 'fail', messageId: 'notCompleted', data: { status: quote(status), completed: expected } };
    }
    return { outcome: 'pass', messageId: 'completed', data: { status: quote(status) } };
  },
};
