import { resolve } from 'node:path';
import type { ServeOptions, StopSignals } from '../actions/serve.js';
import { noPositionals, numberFlag, stringFlag } from '../args.js';
import type { Command } from '../command.js';
import { FLAG_RANGES } from '../flag-ranges.js';
import type { CliIo } from '../io.js';
import { HELP, QUIET } from './shared-flags.js';

export const command: Command = {
  summary: 'serve a fixture folder on the diagnosis trace API (for trying live mode)',
  usage: 'diag-eval serve [--fixtures DIR] [--port N] [--host H] [--quiet]',
  about: `Serves a fixture folder on the diagnosis trace API, GET /api/diagnosis/{id}/trace, where id
is a fixture's sessionId or its file name without .json, so live mode can be tried
(diag-eval run --api URL) and the service's own team can test against it. Stops on Ctrl-C.`,
  flags: {
    quiet: QUIET,
    help: HELP,
    fixtures: { type: 'string', value: 'DIR', help: ['fixture folder (default eval/fixtures)'] },
    port: { type: 'string', value: 'N', help: ['port (default 8787; 0 picks a free one; at most 65535)'] },
    host: { type: 'string', value: 'H', help: ['address to bind (default 127.0.0.1)'] },
  },
  sections: [{ flags: ['fixtures', 'port', 'host', 'quiet', 'help'] }],
  async run(values, positionals, io) {
    noPositionals('serve', positionals);
    const fixturesDir = resolve(io.cwd, stringFlag(values, 'fixtures') ?? 'eval/fixtures');
    const port = numberFlag('serve', values, 'port', FLAG_RANGES.port) ?? 8787;
    return serveCommand(
      { fixturesDir, port, host: stringFlag(values, 'host') ?? '127.0.0.1', quiet: values['quiet'] === true },
      io,
    );
  },
};

/** `diag-eval serve` with its flags read: replays the folder until SIGINT or SIGTERM (see actions/serve.ts). */
export async function serveCommand(options: ServeOptions, io: CliIo, signals?: StopSignals): Promise<number> {
  const action = await import('../actions/serve.js');
  return action.serveCommand(options, io, signals);
}
