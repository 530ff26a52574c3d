import { DEFAULT_MAX_BODY_MB, MAX_BODY_MB_LIMIT } from '../io/files/input-limits.js';
import type { NumberRule } from './args.js';

/**
 * The range of every number flag (docs/contract.md §1, "Limits"). Beyond these a value would
 * not mean anything useful and could exhaust memory (`--repeat 1e9`) or overflow a timer
 * (`--timeout-ms` beyond 2^31 ms): it is refused with exit 2.
 */
export const FLAG_RANGES = {
  repeat: { min: 1, max: 1000, integer: true },
  concurrency: { min: 1, max: 64, integer: true },
  'timeout-ms': { min: 0, max: 3_600_000, integer: true, exclusiveMin: true },
  'poll-timeout-ms': { min: 0, max: 86_400_000, integer: true },
  'max-body-mb': { min: 1, max: MAX_BODY_MB_LIMIT, integer: true },
  'cost-tolerance': { min: 0, max: 100, integer: false },
  alpha: { min: 0, max: 0.5, integer: false, exclusiveMin: true },
  detect: { min: 0, max: 1, integer: false, exclusiveMin: true },
  power: { min: 0, max: 1, integer: false, exclusiveMin: true },
  port: { min: 0, max: 65_535, integer: true },
} as const satisfies Record<string, NumberRule>;

export { DEFAULT_MAX_BODY_MB };
