import { defineCommand } from '../command.js';
import { GENERAL_FLAGS, OUT, REPORT_FORMAT } from './shared-flags.js';

export const command = defineCommand({
  summary: "merge the reports of a sharded run (run --shard i/n) into the whole run's report",
  usage: 'diag-eval merge REPORT… [--out DIR] [--format LIST] [--quiet]',
  about: `Merges the report.json of every shard of one sharded run (diag-eval run --shard i/n) into
OUT/report.json and OUT/report.md, byte-identical to the report of the same run unsharded,
whatever the order of the inputs. Refuses (exit 2, naming the files) reports of different case
files, shard counts, --repeat or schema versions, a shard missing or given twice. Exit 0 once
written; gate the merged report with \`diag-eval check --report OUT/report.json\`.`,
  flags: {
    ...GENERAL_FLAGS,
    out: OUT,
    format: REPORT_FORMAT,
  },
  action: async () => (await import('../actions/merge.js')).mergeCommand,
});
