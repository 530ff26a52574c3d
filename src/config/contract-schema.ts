import * as z from '../io/validation/zod.js';
import { DIRECTED_LEXICON_LISTS, LEXICON_LISTS } from '../text/lexicon/index.js';

const nonEmptyString = z.string({ error: 'expected text' }).check(z.minLength(1, { error: 'expected non-empty text' }));
const textList = z.array(nonEmptyString, { error: 'expected a list of text' });

function nonEmptyTextList(error: string) {
  return z.optional(textList.check(z.minLength(1, { error })));
}

function triggerList(error: string) {
  return z.optional(z.array(nonEmptyString, { error }));
}

/** `contract.lexicon`: lists of non-empty text by list name (src/text/lexicon/types.ts); the directed lists by direction. */
function lexiconSchema() {
  const words = z.array(nonEmptyString, { error: 'expected a list of words, e.g. ["unverified hunch"]' });
  const directed = z.strictObject(
    { following: z.optional(words), preceding: z.optional(words), both: z.optional(words) },
    { error: 'expected an object such as { following: ["..."], preceding: ["..."], both: ["..."] }' },
  );
  const shape: Record<string, z.ZodMiniOptional<typeof words | typeof directed>> = {};
  for (const list of LEXICON_LISTS) shape[list] = z.optional(DIRECTED_LEXICON_LISTS.includes(list) ? directed : words);
  return z.strictObject(shape, { error: `expected an object of word lists: ${LEXICON_LISTS.join(', ')}` });
}

const OVERLAP_EXPECTED = 'expected a number from 0 to 1';

/** The `contract:` block as written (docs/contract.md §5): every key optional, unknown keys rejected. */
export const CONTRACT_OVERRIDES_SCHEMA = z.strictObject(
  {
    verdicts: nonEmptyTextList('expected at least one verdict'),
    passVerdict: z.optional(nonEmptyString),
    rejectVerdict: z.optional(nonEmptyString),
    claimVerifications: nonEmptyTextList('expected at least one claim verification value'),
    protocolMarkers: z.optional(textList),
    negationTriggers: triggerList('expected a list of trigger words, e.g. ["dismissed", "...was dismissed"]'),
    hedgeTriggers: triggerList('expected a list of trigger words, e.g. ["presumably"]'),
    lexicon: z.optional(lexiconSchema()),
    degradedOutput: z.optional(
      z.strictObject(
        {
          markers: nonEmptyTextList('expected at least one degraded-output marker'),
          maxDraftOverlap: z.optional(
            z
              .number({ error: OVERLAP_EXPECTED })
              .check(z.gte(0, { error: OVERLAP_EXPECTED }), z.lte(1, { error: OVERLAP_EXPECTED })),
          ),
        },
        { error: 'expected an object such as { markers: [...], maxDraftOverlap: 0.5 }' },
      ),
    ),
    completedStatuses: nonEmptyTextList('expected at least one completed status'),
    gatekeeperStatuses: nonEmptyTextList('expected at least one gatekeeper status'),
    emptyResultMarkers: z.optional(textList),
    toolNames: z.optional(textList),
  },
  { error: 'expected an object of contract values' },
);

export type ContractOverrides = z.infer<typeof CONTRACT_OVERRIDES_SCHEMA>;
