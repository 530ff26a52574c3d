// The whole CLI: run by dist/cli/bin.cjs (src/cli/bin.cts), from one bundled file, dist/cli/program.cjs.
import { removePendingTemporaryFilesSync } from '../io/files/atomic-write.js';
import { describeFsError } from '../io/files/fs-problem.js';
import type { CliIo } from './io.js';
import { main } from './main.js';

/** The standard streams written to so far (process.stdout is made on first use: a quiet run never makes it). */
const used = new Map<'stdout' | 'stderr', NodeJS.WriteStream>();

const io: CliIo = {
  cwd: process.cwd(),
  env: process.env,
  stdout: (text) => standardStream('stdout').write(text),
  stderr: (text) => standardStream('stderr').write(text),
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

// The command has ended once main settles: the process ends then, once what was written to stdout
// and stderr is flushed (a piped stdout is written asynchronously), even when something the command
// started is still alive, such as the fixture reader's thread with a stretch asked for when a
// write failed (a full disk): a failed command never hangs.
// A promise rather than a top-level await: the bundle of this file is a CommonJS script (bin.cts).
void main(argv, io).then((code) => {
  process.exitCode = code;
  flushed('stdout', () => flushed('stderr', () => process.exit(code)));
});

/**
 * process.stdout or process.stderr, with a handler for a failed write: a closed pipe (EPIPE, as
 * with `diag-eval run | head -1`) or a full disk behind a redirection ends the command with exit 2
 * and one line naming the stream and the cause, not an uncaught error with a stack.
 */
function standardStream(name: 'stdout' | 'stderr'): NodeJS.WriteStream {
  const known = used.get(name);
  if (known !== undefined) return known;
  const stream = process[name];
  used.set(name, stream);
  stream.on('error', (error: unknown) => streamFailed(name, error));
  return stream;
}

function streamFailed(name: 'stdout' | 'stderr', error: unknown): void {
  removePendingTemporaryFilesSync();
  if (name === 'stdout') {
    try {
      process.stderr.write(`error: stdout: cannot write (${describeFsError(error)}); expected an open pipe or file\n`);
    } catch {
      // stderr is gone too: the exit code alone tells
    }
  }
  process.exit(2);
}

/** Calls `then` once what was written to the stream is handed to the system (at once when it was never used). */
function flushed(name: 'stdout' | 'stderr', then: () => void): void {
  const stream = used.get(name);
  if (stream !== undefined && stream.errored !== null) {
    streamFailed(name, stream.errored);
    return;
  }
  if (stream === undefined || stream.destroyed || !stream.writable) {
    then();
    return;
  }
  stream.write('', (error) => {
    if (error === undefined || error === null) then();
    else streamFailed(name, error);
  });
}
