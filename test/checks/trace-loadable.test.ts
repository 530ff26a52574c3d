import { describe } from 'vitest';

import { traceLoadableCheck } from '../../src/checks/trace-loadable.js';
import { testCheck } from './helpers.js';

describe('trace-loadable (S10, S13)', () => {
  testCheck(traceLoadableCheck, {
    valid: [
      { name: 'S13 passes for a trace the loader accepted', message: 'trace loaded' },
      { name: 'S13 passes for a loaded trace without a verifier evaluation', trace: { verifierEvaluation: null } },
    ],
    unreachable: {
      fail: 'the evaluator fails it before run, with the loader problem (test/run-cases.test.ts, test/semantic-checks.test.ts)',
    },
  });
});
