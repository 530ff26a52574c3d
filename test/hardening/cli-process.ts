import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN } from '../helpers/build.js';

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Milliseconds from start to exit. */
  elapsed: number;
}

/** The built command, run as a user runs it: its own process, its own working directory, no terminal. */
export function runCli(
  args: string[],
  cwd: string,
  options: { timeoutMs?: number; env?: Record<string, string> } = {},
): CliRun {
  const started = Date.now();
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 20_000,
    env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1', ...options.env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return {
    code: result.status,
    signal: result.signal,
    stdout: result.stdout,
    stderr: result.stderr,
    elapsed: Date.now() - started,
  };
}

/** As runCli, without blocking the test process (for tests that serve HTTP from it). */
export function runCliAsync(
  args: string[],
  cwd: string,
  options: { timeoutMs?: number; nodeOptions?: string[] } = {},
): Promise<CliRun> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...(options.nodeOptions ?? []), BIN, ...args], {
      cwd,
      env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, elapsed: Date.now() - started });
    });
  });
}

/** A line of a V8 stack trace: never shown for a user's mistake. */
export const STACK_FRAME = /^\s+at .+(:\d+:\d+\)?|\(native\))$/mu;

/**
 * Node options that make the child write its peak resident memory (MiB) to a file as it exits,
 * and a function to read it: how a test shows that memory stayed bounded.
 */
export function peakMemoryProbe(folder: string): { nodeOptions: string[]; peakMb: () => number } {
  const file = join(folder, 'peak-rss.txt');
  const script = join(folder, 'peak-rss.cjs');
  writeFileSync(
    script,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(file)}, String(process.resourceUsage().maxRSS)));\n`,
  );
  return { nodeOptions: ['--require', script], peakMb: () => Number(readFileSync(file, 'utf8')) / 1024 };
}
