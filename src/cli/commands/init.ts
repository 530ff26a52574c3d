import { defineCommand, switchFlag } from '../command.js';
import { GENERAL_FLAGS } from './shared-flags.js';

export const command = defineCommand({
  summary: 'write a starter suite: eval/cases.yaml, a fixture and diag-eval.config.yaml',
  usage: 'diag-eval init [--force] [--quiet]',
  about: `Writes a starter suite into the working directory: eval/cases.yaml (one commented example
case), eval/fixtures/checkout-timeout-db-pool.json (a trace that passes it) and
diag-eval.config.yaml, then prints the next commands (run, baseline, check). Refuses, with
exit 2 naming them, when any of these files exists, unless --force.`,
  flags: {
    ...GENERAL_FLAGS,
    force: switchFlag('overwrite the starter files that exist'),
  },
  action: async () => (await import('../actions/init.js')).initCommand,
});
