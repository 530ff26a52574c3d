import * as z from '../io/validation/zod.js';
import { contractOverridesSchema } from './contract-schema.js';

/**
 * The config file's schema (docs/contract.md §5). A valid config file is accepted by the acceptor
 * compiled from it (config-acceptor.ts); zod decides, and words the problems, only when that is unsure.
 */
export function configSchema() {
  return CONFIG_SCHEMA;
}

function buildConfigSchema() {
  const pathSetting = z.optional(
    z.string({ error: 'expected a path' }).check(z.minLength(1, { error: 'expected a non-empty path' })),
  );
  return z.strictObject(
    {
      $schema: z.optional(z.string()),
      cases: pathSetting,
      fixtures: pathSetting,
      out: pathSetting,
      baselineDir: pathSetting,
      annotations: z.optional(z.boolean({ error: 'expected true or false' })),
      contract: z.optional(contractOverridesSchema()),
      /** `diag-eval scan`'s policies; validated by scan (src/scan/policies.ts), the only reader. */
      policies: z.optional(z.unknown()),
      checks: z.optional(checkSeveritiesSchema()),
    },
    { error: 'expected an object of settings' },
  );
}

/** Every key the config file knows, for the did-you-mean of an unknown one. */
export function knownConfigKeys(): string[] {
  return [
    ...Object.keys(configSchema().shape),
    ...Object.keys(contractOverridesSchema().shape),
    'markers',
    'maxDraftOverlap',
  ];
}

export type ConfigInput = z.infer<ReturnType<typeof configSchema>>;

/**
 * `checks:` maps a check id to `error`, `warn` or `off`. The ids and severities are checked by the
 * loader against the check registry (so that every problem gets a did-you-mean), not here; the
 * published JSON Schema lists them for editors. Shared with the config file's `checks:` block.
 */
export function checkSeveritiesSchema() {
  return CHECK_SEVERITIES_SCHEMA;
}
const CHECK_SEVERITIES_SCHEMA = z.record(z.string(), z.unknown(), {
  error: 'expected an object of check ids and severities, such as { numeric-grounding: warn }',
});
const CONFIG_SCHEMA = buildConfigSchema();
