import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/**
 * Ends the test output with one plain line, `N passed, N failed, N skipped`, that any CI log
 * reader understands, whatever it knows of vitest's own summary. A test file that failed outside
 * its tests (it did not load, or a setup hook threw) counts as one failed, and so does an error
 * no test caught: a broken suite never reads as green. A test skipped with a reason
 * (`context.skip('not run: …')`) is listed above the line with that reason.
 */
export default class PlainSummaryReporter implements Reporter {
  constructor(private readonly write: (text: string) => void = (text) => process.stdout.write(text)) {}

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError> = []): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    const notes: string[] = [];
    for (const testModule of testModules) {
      let failedHere = 0;
      for (const test of testModule.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed += 1;
        else if (result.state === 'failed') failedHere += 1;
        else {
          skipped += 1;
          if (result.state === 'skipped' && result.note) notes.push(`skipped: ${test.fullName}: ${result.note}\n`);
        }
      }
      // The file failed, and none of its tests says so: it did not load, or a hook outside the tests threw.
      if (testModule.state() === 'failed' && failedHere === 0) failedHere = 1;
      failed += failedHere;
    }
    this.write(`\n${notes.join('')}${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
