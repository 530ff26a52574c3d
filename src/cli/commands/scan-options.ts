import type { OptionSpec } from '../args.js';

/** `diag-eval scan`'s flags, apart from the command so that loading the CLI does not load the scanner. */
export const SCAN_OPTIONS = {
  fixtures: { type: 'string' },
  traces: { type: 'string', multiple: true },
  from: { type: 'string' },
  policies: { type: 'string' },
  config: { type: 'string' },
  out: { type: 'string' },
  format: { type: 'string' },
  top: { type: 'string' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies OptionSpec;
