import { noPositionals } from '../args.js';
import type { Command } from '../command.js';
import { HELP, QUIET } from './shared-flags.js';

export const command: Command = {
  summary: 'write a starter suite: eval/cases.yaml, a fixture and diag-eval.config.yaml',
  usage: 'diag-eval init [--force] [--quiet]',
  about: `Writes a starter suite into the working directory: eval/cases.yaml (one commented example
case), eval/fixtures/checkout-timeout-db-pool.json (a trace that passes it) and
diag-eval.config.yaml, then prints the next commands (run, baseline, check). Refuses, with
exit 2 naming them, when any of these files exists, unless --force.`,
  flags: {
    quiet: QUIET,
    help: HELP,
    force: { type: 'boolean', help: ['overwrite the starter files that exist'] },
  },
  sections: [{ flags: ['force', 'quiet', 'help'] }],
  async run(values, positionals, io) {
    noPositionals('init', positionals);
    const { initCommand } = await import('../actions/init.js');
    return initCommand({ force: values['force'] === true, quiet: values['quiet'] === true }, io);
  },
};
