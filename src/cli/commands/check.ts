import { type Command, switchFlag, valueFlag } from '../command.js';
import {
  ALTERNATIVE_SOURCE_FLAGS,
  ALTERNATIVE_SOURCE_SECTIONS,
  CASE_SOURCE_FLAGS,
  CASE_SOURCE_ROWS,
  GENERAL_ROWS,
  REPORT_FORMAT,
} from './shared-flags.js';

export const command: Command = {
  summary: 'run + diff against the committed baseline: the CI gate',
  usage: 'diag-eval check [options]',
  about: `The CI gate: runs the cases, then diffs the report against the committed baseline, writing
report.json, report.md, diff.json and diff.md into OUT. Exit 1 only on a regression against
the baseline; failures the baseline already records do not fail the gate.`,
  flags: {
    ...CASE_SOURCE_FLAGS,
    format: valueFlag('LIST', ...REPORT_FORMAT.help, 'with html, report.html also holds the diff, on its own tab'),
    ...ALTERNATIVE_SOURCE_FLAGS,
    out: valueFlag('DIR', 'where to write (default eval-out; not the baseline folder)'),
    'no-annotations': switchFlag('inside GitHub Actions, print no ::error/::warning annotations'),
    baseline: valueFlag(
      'FILE',
      'baseline report (default docs/eval/baseline/report.json, or',
      '<baselineDir>/report.json when the config sets baselineDir)',
    ),
    'cost-tolerance': valueFlag('F', 'see `diag-eval diff --help`'),
    alpha: valueFlag('A', 'see `diag-eval diff --help` (default 0.05)'),
    report: valueFlag(
      'FILE',
      'gate this report (e.g. merged from shards) instead of running the cases;',
      'writes only diff.json and diff.md (diff.html with html)',
    ),
  },
  sections: [
    {
      flags: [
        ...CASE_SOURCE_ROWS,
        'baseline',
        'out',
        'format',
        'cost-tolerance',
        'alpha',
        'report',
        'no-annotations',
        ...GENERAL_ROWS,
      ],
    },
    ...ALTERNATIVE_SOURCE_SECTIONS,
  ],
  footer: `In GitHub Actions (GITHUB_ACTIONS=true), run and check append their Markdown summary (check:
the diff first) to $GITHUB_STEP_SUMMARY and annotate the case file at failing or regressed cases.`,
  action: async () => (await import('../actions/check.js')).checkCommand,
};
