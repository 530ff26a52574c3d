import { InputError } from '../../errors.js';
import type { OptionSpec } from '../args.js';

// The flags of run, baseline, check and validate, apart from the commands so that loading the CLI
// (its --help, its flag parsing) does not load the case loader, the checks or the report writers.

export const CASE_SOURCE_OPTIONS = {
  cases: { type: 'string' },
  fixtures: { type: 'string' },
  config: { type: 'string' },
  format: { type: 'string' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies OptionSpec;

/** validate evaluates nothing and writes nothing: it has no --format. */
export const VALIDATE_OPTIONS = (({ format: _format, ...rest }) => rest)(CASE_SOURCE_OPTIONS) satisfies OptionSpec;

/** Live mode (docs/contract.md §8) and imported traces (§9) replace the fixtures folder as the source. */
export const ALTERNATIVE_SOURCE_OPTIONS = {
  api: { type: 'string' },
  sessions: { type: 'string' },
  ask: { type: 'boolean' },
  repeat: { type: 'string' },
  record: { type: 'string' },
  concurrency: { type: 'string' },
  'timeout-ms': { type: 'string' },
  'poll-timeout-ms': { type: 'string' },
  'max-body-mb': { type: 'string' },
  header: { type: 'string', multiple: true },
  traces: { type: 'string', multiple: true },
  from: { type: 'string' },
} as const satisfies OptionSpec;

export const RUN_OPTIONS = {
  ...CASE_SOURCE_OPTIONS,
  ...ALTERNATIVE_SOURCE_OPTIONS,
  out: { type: 'string' },
  'no-annotations': { type: 'boolean' },
} as const satisfies OptionSpec;

export function parseFromFlag(command: string, from: string): 'auto' | 'otlp' | 'jaeger' | 'tempo' | 'spans' {
  if (from === 'auto' || from === 'otlp' || from === 'jaeger' || from === 'tempo' || from === 'spans') return from;
  throw new InputError(`diag-eval ${command}: --from: found "${from}", expected auto, otlp, jaeger, tempo or spans`);
}
