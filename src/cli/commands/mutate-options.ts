import type { OptionSpec } from '../args.js';

/** `diag-eval mutate`'s flags, apart from the command so that loading the CLI does not load the mutation engine. */
export const MUTATE_OPTIONS = {
  cases: { type: 'string' },
  fixtures: { type: 'string' },
  config: { type: 'string' },
  operators: { type: 'string' },
  out: { type: 'string' },
  'min-score': { type: 'string' },
  format: { type: 'string' },
  'keep-mutants': { type: 'string' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies OptionSpec;
