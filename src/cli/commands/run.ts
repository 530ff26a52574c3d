import { CHECK_LIST_HELP } from '../check-list.generated.js';
import { type Command, switchFlag, valueFlag } from '../command.js';
import {
  ALTERNATIVE_SOURCE_FLAGS,
  ALTERNATIVE_SOURCE_SECTIONS,
  CASE_SOURCE_FLAGS,
  CASE_SOURCE_ROWS,
  GENERAL_ROWS,
} from './shared-flags.js';

export const command: Command = {
  summary: "evaluate every case's trace and write report.json / report.md",
  usage: 'diag-eval run [options]',
  about: `Evaluates every case in the case file against its saved trace and writes OUT/report.json
and OUT/report.md. Exit 0 when every case passed, 1 when a case failed or was not run.`,
  flags: {
    ...CASE_SOURCE_FLAGS,
    ...ALTERNATIVE_SOURCE_FLAGS,
    out: valueFlag('DIR', 'where to write the reports (default eval-out; not the baseline folder)'),
    'no-annotations': switchFlag(
      'inside GitHub Actions, print no ::error/::warning annotations',
      '(the step summary is still written); config: annotations: false',
    ),
    shard: valueFlag(
      'i/n',
      'evaluate only shard i of n (1 ≤ i ≤ n): the cases are ordered by the',
      'SHA-256 of their id and cut into n slices of equal size (±1); the report',
      'records the shard for `diag-eval merge`',
    ),
  },
  sections: [
    { flags: [...CASE_SOURCE_ROWS, 'out', 'format', 'shard', 'no-annotations', ...GENERAL_ROWS] },
    ...ALTERNATIVE_SOURCE_SECTIONS,
  ],
  footer: `Checks, in the order of every case's rows in the report (docs/contract.md §4):\n${CHECK_LIST_HELP}`,
  action: async () => (await import('../actions/run.js')).runCommand,
};
