import { type Command, valueFlag } from '../command.js';
import { CASE_SOURCE_FLAGS, CASE_SOURCE_ROWS, GENERAL_ROWS } from './shared-flags.js';

export const command: Command = {
  summary: 'run, writing the report into the baseline folder (commit it)',
  usage: 'diag-eval baseline [options]',
  about: `Runs the cases and writes report.json and report.md into the baseline folder, to be committed
and reviewed. Exit 0 once written, even when some cases fail (known failures are recorded).`,
  flags: {
    ...CASE_SOURCE_FLAGS,
    'baseline-dir': valueFlag('DIR', 'where to write (default docs/eval/baseline)'),
  },
  sections: [{ flags: [...CASE_SOURCE_ROWS, 'baseline-dir', 'format', ...GENERAL_ROWS] }],
  action: async () => (await import('../actions/run.js')).baselineCommand,
};
