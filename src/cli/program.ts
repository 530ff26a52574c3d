// The whole CLI: run by dist/cli/bin.cjs (src/cli/bin.cts), from one bundled file, dist/cli/program.cjs.
import { removePendingTemporaryFilesSync } from '../io/atomic-write.js';
import type { CliIo } from './io.js';
import { main } from './main.js';

const io: CliIo = {
  cwd: process.cwd(),
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  // A getter: process.stdout is created on first use, which loads the stream modules, and a
  // --quiet run that writes nothing never needs it.
  get stdoutIsTTY() {
    return process.stdout.isTTY === true;
  },
};

const argv = process.argv.slice(2);
// Stopped with Ctrl-C or `kill` in the middle of a write, a command leaves no temporary file
// behind (reports, baseline, recorded traces are each whole and old, or whole and new), then
// ends as the signal asks. `serve` handles the signals itself, to close its server.
if (argv[0] !== 'serve') {
  const stop = (signal: NodeJS.Signals): void => {
    removePendingTemporaryFilesSync();
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    process.kill(process.pid, signal);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

// exitCode rather than exit(): pending writes to a piped stdout are flushed before the process ends.
// A promise rather than a top-level await: the bundle of this file is a CommonJS script (bin.cts).
void main(argv, io).then((code) => {
  process.exitCode = code;
});
