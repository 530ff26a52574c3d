import { defineCommand, switchFlag, valueFlag } from '../command.js';
import { HELP } from './shared-flags.js';

export const command = defineCommand({
  summary: 'how many runs per case would tell a drop of a given size from noise',
  usage: 'diag-eval plan --baseline REPORT --detect D [--alpha A] [--power P]',
  about: `Reads a baseline report.json and prints, for each case, how many runs per case (on each side of
a diff) would detect a drop of its run pass rate by D (e.g. 0.2: from 90% to 70%) with a one-sided
test at level A with power P: the normal approximation with continuity correction that diff's
Fisher exact test follows (docs/statistics.md). Exit 0; 2 when the input cannot be used.`,
  flags: {
    help: HELP,
    baseline: valueFlag('FILE', 'the baseline report.json (required)'),
    detect: valueFlag('D', 'the drop of run pass rate to detect, 0 < D < 1 (required)'),
    alpha: valueFlag('A', 'significance level, 0 < A ≤ 0.5 (default 0.05)'),
    power: valueFlag('P', 'chance of detecting the drop, 0 < P < 1 (default 0.8)'),
    quiet: switchFlag('print only the last line: the runs per case that every case needs'),
  },
  action: async () => (await import('../actions/plan.js')).planCommand,
});
