import type { OptionSpec } from '../args.js';

/** `diag-eval pull`'s flags, apart from the command so that loading the CLI does not load the HTTP client. */
export const PULL_OPTIONS = {
  from: { type: 'string' },
  url: { type: 'string' },
  query: { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  window: { type: 'string' },
  limit: { type: 'string' },
  header: { type: 'string', multiple: true },
  out: { type: 'string' },
  concurrency: { type: 'string' },
  'timeout-ms': { type: 'string' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies OptionSpec;
