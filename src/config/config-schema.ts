import * as z from '../io/validation/zod.js';
import { CONTRACT_OVERRIDES_SCHEMA } from './contract-schema.js';

/**
 * `checks:` maps a check id to `error`, `warn` or `off`. The ids and severities are checked by the
 * loader against the check registry (so that every problem gets a did-you-mean), not here; the
 * published JSON Schema lists them for editors. Shared with the config file's `checks:` block.
 */
export const CHECK_SEVERITIES_SCHEMA = z.record(z.string(), z.unknown(), {
  error: 'expected an object of check ids and severities, such as { numeric-grounding: warn }',
});

const pathSetting = z.optional(
  z.string({ error: 'expected a path' }).check(z.minLength(1, { error: 'expected a non-empty path' })),
);

/** The config file's schema (docs/contract.md §5). */
export const CONFIG_SCHEMA = z.strictObject(
  {
    $schema: z.optional(z.string()),
    cases: pathSetting,
    fixtures: pathSetting,
    out: pathSetting,
    baselineDir: pathSetting,
    annotations: z.optional(z.boolean({ error: 'expected true or false' })),
    contract: z.optional(CONTRACT_OVERRIDES_SCHEMA),
    /** `diag-eval scan`'s policies; validated by scan (src/scan/policies.ts), the only reader. */
    policies: z.optional(z.unknown()),
    checks: z.optional(CHECK_SEVERITIES_SCHEMA),
  },
  { error: 'expected an object of settings' },
);

export type ConfigInput = z.infer<typeof CONFIG_SCHEMA>;

/** Every key the config file knows, for the did-you-mean of an unknown one. */
export function knownConfigKeys(): string[] {
  return [
    ...Object.keys(CONFIG_SCHEMA.shape),
    ...Object.keys(CONTRACT_OVERRIDES_SCHEMA.shape),
    'markers',
    'maxDraftOverlap',
  ];
}
