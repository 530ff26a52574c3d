import { describe } from 'vitest';

import { runCompletedCheck } from '../../src/checks/run-completed.js';
import { testCheck } from './helpers.js';

describe('run-completed (S35)', () => {
  testCheck(runCompletedCheck, {
    valid: [
      { name: 'S35: COMPLETED', trace: { status: 'COMPLETED' }, message: 'status "COMPLETED"' },
      { name: 'S35: completed in lower case', trace: { status: 'completed' } },
      { name: 'S35: Completed with surrounding spaces', trace: { status: ' Completed ' } },
      {
        name: 'S35: a status the contract adds',
        trace: { status: 'SUCCEEDED' },
        contract: { completedStatuses: ['COMPLETED', 'SUCCEEDED'] },
      },
      {
        name: 'S35: a configured status compares in any case',
        trace: { status: 'done' },
        contract: { completedStatuses: ['DONE'] },
      },
    ],
    invalid: [
      {
        name: 'S35: FAILED',
        trace: { status: 'FAILED' },
        message: 'status is "FAILED", expected "COMPLETED" (contract.completedStatuses)',
        messageId: 'notCompleted',
        data: { status: '"FAILED"', completed: '"COMPLETED"' },
      },
      {
        name: 'S35: TIMEOUT',
        trace: { status: 'TIMEOUT' },
        message: '"TIMEOUT"',
        messageId: 'notCompleted',
        data: { status: '"TIMEOUT"', completed: '"COMPLETED"' },
      },
      {
        name: 'S35: RUNNING, a trace fetched too early',
        trace: { status: 'RUNNING' },
        message: '"RUNNING"',
        messageId: 'notCompleted',
        data: { status: '"RUNNING"', completed: '"COMPLETED"' },
      },
      {
        name: 'S35: CANCELLED',
        trace: { status: 'cancelled' },
        message: '"cancelled"',
        messageId: 'notCompleted',
        data: { status: '"cancelled"', completed: '"COMPLETED"' },
      },
      {
        name: 'S35: an empty status',
        trace: { status: '' },
        message: 'status is ""',
        messageId: 'notCompleted',
        data: { status: '""', completed: '"COMPLETED"' },
      },
      {
        name: 'S35: COMPLETED when the contract names other statuses',
        trace: { status: 'COMPLETED' },
        contract: { completedStatuses: ['SUCCEEDED', 'DONE'] },
        message: 'expected one of "SUCCEEDED", "DONE"',
        messageId: 'notCompleted',
        data: { status: '"COMPLETED"', completed: 'one of "SUCCEEDED", "DONE"' },
      },
    ],
    skipped: [{ name: 'S35: skipped when the trace records no status', trace: { status: null }, message: 'no status' }],
  });
});
