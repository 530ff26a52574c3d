import { defineCommand, valueFlag } from '../command.js';
import { GENERAL_FLAGS } from './shared-flags.js';

export const command = defineCommand({
  summary: 'serve a fixture folder on the diagnosis trace API (for trying live mode)',
  usage: 'diag-eval serve [--fixtures DIR] [--port N] [--host H] [--quiet]',
  about: `Serves a fixture folder on the diagnosis trace API, GET /api/diagnosis/{id}/trace, where id
is a fixture's sessionId or its file name without .json, so live mode can be tried
(diag-eval run --api URL) and the service's own team can test against it. Stops on Ctrl-C.`,
  flags: {
    ...GENERAL_FLAGS,
    fixtures: valueFlag('DIR', 'fixture folder (default eval/fixtures)'),
    port: valueFlag('N', 'port (default 8787; 0 picks a free one; at most 65535)'),
    host: valueFlag('H', 'address to bind (default 127.0.0.1)'),
  },
  action: async () => (await import('../actions/serve.js')).serveAction,
});
