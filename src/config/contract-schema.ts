import * as z from '../zod.js';

/**
 * The `contract:` block as written (docs/contract.md §5): every key optional, unknown keys
 * rejected. Built the first time a config file is read, as the config schema is: most commands
 * read none, and building a schema costs start-up time.
 */
export function contractOverridesSchema(): ContractOverridesSchema {
  return (built ??= buildContractOverridesSchema());
}
let built: ContractOverridesSchema | undefined;

type ContractOverridesSchema = ReturnType<typeof buildContractOverridesSchema>;

export type ContractOverrides = z.infer<ContractOverridesSchema>;

function buildContractOverridesSchema() {
  const nonEmptyString = z
    .string({ error: 'expected text' })
    .check(z.minLength(1, { error: 'expected non-empty text' }));
  const textList = z.array(nonEmptyString, { error: 'expected a list of text' });
  return z.strictObject(
    {
      verdicts: z.optional(textList.check(z.minLength(1, { error: 'expected at least one verdict' }))),
      passVerdict: z.optional(nonEmptyString),
      rejectVerdict: z.optional(nonEmptyString),
      claimVerifications: z.optional(
        textList.check(z.minLength(1, { error: 'expected at least one claim verification value' })),
      ),
      protocolMarkers: z.optional(textList),
      negationTriggers: z.optional(
        z.array(nonEmptyString, { error: 'expected a list of trigger words, e.g. ["dismissed", "...was dismissed"]' }),
      ),
      hedgeTriggers: z.optional(
        z.array(nonEmptyString, { error: 'expected a list of trigger words, e.g. ["presumably"]' }),
      ),
      degradedOutput: z.optional(
        z.strictObject(
          {
            markers: z.optional(
              textList.check(z.minLength(1, { error: 'expected at least one degraded-output marker' })),
            ),
            maxDraftOverlap: z.optional(
              z
                .number({ error: 'expected a number from 0 to 1' })
                .check(
                  z.gte(0, { error: 'expected a number from 0 to 1' }),
                  z.lte(1, { error: 'expected a number from 0 to 1' }),
                ),
            ),
          },
          { error: 'expected an object such as { markers: [...], maxDraftOverlap: 0.5 }' },
        ),
      ),
      completedStatuses: z.optional(
        textList.check(z.minLength(1, { error: 'expected at least one completed status' })),
      ),
      gatekeeperStatuses: z.optional(
        textList.check(z.minLength(1, { error: 'expected at least one gatekeeper status' })),
      ),
      emptyResultMarkers: z.optional(textList),
      toolNames: z.optional(textList),
    },
    { error: 'expected an object of contract values' },
  );
}
