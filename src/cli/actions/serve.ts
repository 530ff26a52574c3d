import { resolve } from 'node:path';
import { plural } from '../../checks/support.js';
import { InputError } from '../../io/errors.js';
import { displayPath } from '../../io/files/display-path.js';
import { type ReplayServer, startReplayServer } from '../../serve/replay-server.js';
import { noPositionals, numberFlag, type ParsedValues, stringFlag } from '../args.js';
import type { CliIo } from '../io.js';
import { printed } from '../printable.js';
import { printWarnings } from '../summary.js';

export interface ServeOptions {
  fixturesDir: string;
  port: number;
  host: string;
  quiet: boolean;
}

/** Where the stop signals come from: the process, or an emitter in tests. */
export interface StopSignals {
  once(event: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  off(event: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
}

export async function serveAction(values: ParsedValues, positionals: string[], io: CliIo): Promise<number> {
  noPositionals('serve', positionals);
  const fixturesDir = resolve(io.cwd, stringFlag(values, 'fixtures') ?? 'eval/fixtures');
  const port = numberFlag('serve', values, 'port') ?? 8787;
  return serveCommand(
    { fixturesDir, port, host: stringFlag(values, 'host') ?? '127.0.0.1', quiet: values['quiet'] === true },
    io,
  );
}

/** Replays the folder until SIGINT or SIGTERM; an address that cannot be bound is an input error (exit 2), like any other unusable flag. */
export async function serveCommand(options: ServeOptions, io: CliIo, signals: StopSignals = process): Promise<number> {
  let server: ReplayServer;
  try {
    server = await startReplayServer({ ...options, cwd: io.cwd });
  } catch (error) {
    throw listenError(error, options) ?? error;
  }
  if (!options.quiet) {
    printWarnings(io, server.warnings);
    io.stdout(
      printed`diag-eval serve: ${plural(server.fixtures.length, 'trace')} from ${displayPath(options.fixturesDir, io.cwd)} on ${server.url}\n`,
    );
    const width = Math.max(0, ...server.fixtures.map(({ id }) => id.length));
    for (const { id, file } of server.fixtures) io.stdout(printed`  ${id.padEnd(width)}  ${file}\n`);
    io.stdout(printed`Try: diag-eval run --api ${server.url}\nStop with Ctrl+C.\n`);
  }
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      signals.off('SIGINT', stop);
      signals.off('SIGTERM', stop);
      resolve();
    };
    signals.once('SIGINT', stop);
    signals.once('SIGTERM', stop);
  });
  await server.close();
  if (!options.quiet) io.stdout('diag-eval serve: stopped\n');
  return 0;
}

function listenError(error: unknown, { host, port }: ServeOptions): InputError | null {
  const code = String((error as NodeJS.ErrnoException | null)?.code);
  const notHere = `--host ${host}: not an address of this machine (${code}); expected e.g. 127.0.0.1`;
  const problems: Record<string, string> = {
    ERR_SOCKET_BAD_PORT: `--port ${port}: expected a whole number from 0 to 65535`,
    EADDRINUSE: `--port ${port}: ${host}:${port} is already in use; expected a free port (--port 0 picks one)`,
    EACCES: `--port ${port}: not allowed to listen on ${host}:${port}; expected a port above 1023 or one this user may bind`,
    EADDRNOTAVAIL: notHere,
    ENOTFOUND: notHere,
    EAI_AGAIN: notHere,
  };
  return Object.hasOwn(problems, code) ? new InputError(problems[code] as string) : null;
}
