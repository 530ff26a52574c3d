import { defineCommand, valueFlag } from '../command.js';
import { GENERAL_FLAGS } from './shared-flags.js';

export const command = defineCommand({
  summary: 'compare two report.json files: regressions, improvements, changes',
  usage: 'diag-eval diff BASELINE_JSON CURRENT_JSON [options]',
  about: `Compares two report.json files case by case and writes OUT/diff.json and OUT/diff.md:
pass rate, cost (average tool calls, average duration), verdicts, case status, each check,
each required evidence tool, missing and new cases. Exit 1 on any regression, else 0.`,
  flags: {
    ...GENERAL_FLAGS,
    out: valueFlag('DIR', 'where to write the diff (default eval-out)'),
    format: valueFlag('LIST', 'comma-separated: json, md, html (diff.html) (default json,md)'),
    'cost-tolerance': valueFlag(
      'F',
      'an increase of average tool calls or duration by more than',
      'F × baseline (e.g. 0.2; 0 to 100) is a regression; without it, a change',
    ),
    alpha: valueFlag(
      'A',
      'significance level for cases with repeated runs in both reports',
      '(one-sided Fisher exact test, Holm-corrected; 0 < A ≤ 0.5; default 0.05)',
    ),
  },
  descriptionColumn: 24,
  action: async () => (await import('../actions/diff.js')).diffCommand,
});
