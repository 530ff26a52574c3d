import { defineConfig } from 'vitest/config';
import PlainSummaryReporter from './test/support/plain-summary-reporter.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Two workers match the two cores of the machines the suite runs on.
    maxWorkers: 2,
    testTimeout: 30_000,
    reporters: ['default', new PlainSummaryReporter()],
  },
});
