import { defineCommand } from '../command.js';
import { CASE_SOURCE_FLAGS } from './shared-flags.js';

/** validate evaluates nothing and writes nothing: it has no --format. */
const { format: _format, ...flags } = CASE_SOURCE_FLAGS;

export const command = defineCommand({
  summary: 'check that the case file is valid and every fixture loads as a trace',
  usage: 'diag-eval validate [options]',
  about: `Checks that the case file is valid and that every case's fixture exists and loads as a
diagnosis trace; evaluates nothing. Lists every problem. Exit 1 when a fixture is missing
or not loadable, 2 when the case file itself is invalid.`,
  flags,
  action: async () => (await import('../actions/validate.js')).validateCommand,
});
