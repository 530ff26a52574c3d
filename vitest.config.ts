import { defineConfig } from 'vitest/config';
import PlainSummaryReporter from './test/support/plain-summary-reporter.js';

/** The tests that spawn the built binary (`node dist/cli/bin.cjs`) or pack the package. */
const CLI_TESTS = ['test/cli/**/*.test.ts', 'test/hardening/**/*.test.ts', 'test/package/**/*.test.ts'];
/** Seeded fuzz, property and differential tests: hundreds of generated inputs each, held to a reference. */
const SEEDED_TESTS = ['test/**/*.seeded.test.ts'];
/** The tests that drive a headless Chromium (test/helpers/browser.ts). */
const BROWSER_TESTS = ['test/**/*.browser.test.ts'];

export default defineConfig({
  test: {
    // Two workers match the two cores of the machines the suite runs on.
    maxWorkers: 2,
    testTimeout: 30_000,
    reporters: ['default', new PlainSummaryReporter()],
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      reporter: ['text-summary'],
      // The CLI tests run the bundle in child processes, which this count does not see; the
      // floor is for what the in-process tests cover.
      thresholds: { lines: 90 },
    },
    projects: [
      {
        extends: true,
        // Unit tests import src/ directly: no build, so a single file runs in about a second.
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...CLI_TESTS, ...SEEDED_TESTS, ...BROWSER_TESTS],
        },
      },
      {
        extends: true,
        // They import src/ like the unit tests; apart, so that a quick loop can leave them out.
        // Hundreds of inputs a test: more time than a table row needs when the cores are busy.
        test: { name: 'seeded', include: SEEDED_TESTS, testTimeout: 120_000 },
      },
      {
        extends: true,
        test: { name: 'browser', include: BROWSER_TESTS },
      },
      {
        extends: true,
        // These tests run dist/; building once here keeps it in step with src/.
        test: { name: 'cli', include: CLI_TESTS, globalSetup: ['test/global-setup.ts'] },
      },
    ],
  },
});
