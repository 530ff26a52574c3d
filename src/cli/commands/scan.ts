import { type Command, repeatedFlag, valueFlag } from '../command.js';
import { GENERAL_FLAGS, OUT } from './shared-flags.js';

export const command: Command = {
  summary: 'judge every trace of a folder (or export) against policies; scan.json / scan.md',
  usage: `diag-eval scan [--fixtures DIR | --traces FILE… [--from FORMAT]] [--policies FILE]
                      [--out DIR] [--format LIST] [--top N] [--config FILE] [--quiet]`,
  about: `Judges every trace of a folder (default: the fixtures folder), or of export files, against
policies: the checks that need no per-case expectation (a trace loads, degraded output,
gatekeeper consistency, forbidden answer keywords and confirmed claims, protocol leaks,
budgets, and any check named in policies.checks). Policies come from the \`policies:\` block of
--policies FILE, else of the case file, else of the config file. Writes OUT/scan.json and
OUT/scan.md: violations per check, counts per agent, the worst traces with their reasons.
Memory stays flat in the number of traces of a folder. Exit 1 when a trace violates an error policy, 0 otherwise, 2 when the
input cannot be used.`,
  flags: {
    fixtures: valueFlag('DIR', 'folder of trace fixtures (e.g. one written by diag-eval pull)'),
    traces: repeatedFlag('FILE…', 'OpenTelemetry, Jaeger or Tempo export files instead'),
    from: valueFlag('FORMAT', 'with --traces: auto (default), otlp, jaeger, tempo or spans'),
    policies: valueFlag('FILE', 'YAML or JSON file with a policies: block'),
    config: valueFlag('FILE', 'config file (its policies: block, contract values)'),
    out: OUT,
    format: valueFlag('LIST', 'comma-separated: json, md, html (scan.html) (default json,md)'),
    top: valueFlag('N', 'how many of the worst traces to list (default 20, at most 1000)'),
    ...GENERAL_FLAGS,
  },
  sections: [{ flags: ['fixtures', 'traces', 'from', 'policies', 'out', 'format', 'top', 'config', 'quiet', 'help'] }],
  action: async () => (await import('../actions/scan.js')).scanCommand,
};
