#!/usr/bin/env node
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

// exitCode rather than exit(): pending writes to a piped stdout are flushed before the process ends.
process.exitCode = await main(process.argv.slice(2), io);
