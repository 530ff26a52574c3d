import { defineConfig } from 'vitest/config';
import PlainSummaryReporter from './test/support/plain-summary-reporter.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The CLI tests spawn the built binary; building once here keeps it in step with src/.
    globalSetup: ['test/global-setup.ts'],
    // Two workers match the two cores of the machines the suite runs on.
    maxWorkers: 2,
    testTimeout: 30_000,
    reporters: ['default', new PlainSummaryReporter()],
  },
});
