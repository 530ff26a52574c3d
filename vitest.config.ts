import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // CLI tests spawn the built binary; two workers match the machines CI runs on.
    maxWorkers: 2,
    testTimeout: 30_000,
  },
});
