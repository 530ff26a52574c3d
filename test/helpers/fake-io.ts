import type { CliIo } from '../../src/cli/io.js';

export interface FakeIo {
  io: CliIo;
  /** Everything written to stdout so far. */
  stdout(): string;
  stderr(): string;
}

export interface FakeIoOptions {
  cwd: string;
  env?: Record<string, string | undefined>;
  stdoutIsTTY?: boolean;
}

/** A CliIo that records what a command prints; by default not a terminal and with an empty environment. */
export function createFakeIo(options: FakeIoOptions): FakeIo {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: {
      cwd: options.cwd,
      env: options.env ?? {},
      stdout: (text) => out.push(text),
      stderr: (text) => err.push(text),
      stdoutIsTTY: options.stdoutIsTTY ?? false,
    },
    stdout: () => out.join(''),
    stderr: () => err.join(''),
  };
}
