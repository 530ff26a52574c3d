import { z } from 'zod';

/**
 * The case file as written (CONTRACT §2). Unknown keys are errors everywhere, because a typo
 * such as `requiredEvidenceTool` would otherwise silently switch a check off.
 * Messages are phrased as "expected …"; the loader adds what was found and where.
 */

export const CASE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/u;

const text = z.string({ error: 'expected text' }).trim().min(1, { error: 'expected non-empty text' });
const textList = z.array(text, { error: 'expected a list of text' });

const keywordConcept = z.union([text, z.array(text, { error: 'expected a list of synonyms' }).min(1, { error: 'expected at least one synonym' })], {
  error: 'expected a keyword, or a list of synonyms any one of which covers the concept',
});

const auditSchema = z.strictObject(
  {
    v2: z.boolean({ error: 'expected true or false' }).optional(),
    claimChecks: z.boolean({ error: 'expected true or false' }).optional(),
    composerOutput: z.boolean({ error: 'expected true or false' }).optional(),
  },
  { error: 'expected an object such as { v2: true }' },
);

const budgetSchema = z.strictObject(
  {
    maxToolCalls: z.int({ error: 'expected a whole number of tool calls' }).min(0, { error: 'expected a whole number of tool calls, 0 or more' }).optional(),
    maxDurationMs: z.number({ error: 'expected a number of milliseconds' }).min(0, { error: 'expected a number of milliseconds, 0 or more' }).optional(),
  },
  { error: 'expected an object such as { maxToolCalls: 8, maxDurationMs: 60000 }' },
);

/** The fields `defaults` may set: every case field but the ones that identify a case. */
const defaultableFields = {
  rootCauseKeywords: z
    .array(keywordConcept, { error: 'expected a list of keywords' })
    .describe('Root-cause concepts the final answer must name; a list item is a list of synonyms, any one of which covers the concept.')
    .optional(),
  minKeywordCoverage: z
    .number({ error: 'expected a number from 0 to 1' })
    .min(0, { error: 'expected a number from 0 to 1' })
    .max(1, { error: 'expected a number from 0 to 1' })
    .describe('Fraction of root-cause concepts the final answer must cover, 0..1. Default 1.')
    .optional(),
  requiredEvidenceTools: textList.describe('Evidence tools that must appear in toolInvocations or the verifier trace_summaries.').optional(),
  allowedVerdicts: textList
    .min(1, { error: 'expected at least one allowed verdict' })
    .describe('Verifier verdicts that pass the case, each one of the contract verdicts (default PASS, REVISE, REJECT).')
    .optional(),
  forbiddenAnswerKeywords: textList.describe('Text the final answer must never contain.').optional(),
  forbiddenVerdicts: textList.describe('Verifier verdicts that fail the case.').optional(),
  forbiddenConfirmedClaims: textList.describe('Unsupported claims that must not be stated in the final answer.').optional(),
  audit: auditSchema.describe('V2 audit-closure checks: v2 turns on all of them.').optional(),
  budget: budgetSchema.describe('Cost budget: the case fails above it.').optional(),
  tags: textList.describe('Free labels for grouping cases.').optional(),
};

export const caseDefaultsSchema = z.strictObject(defaultableFields, { error: 'expected an object of case fields' });

export const caseEntrySchema = z.strictObject(
  {
    id: z
      .string({ error: 'expected a case id' })
      .regex(CASE_ID_PATTERN, { error: 'expected a case id of letters, digits, ".", "_" and "-", starting with a letter or digit' }),
    question: text.describe('The user question the agent was asked.'),
    traceFixture: text.describe('Trace fixture file, relative to the fixtures folder. Default <id>.json.').optional(),
    sessionId: text.describe("The diagnosis service's session id, for live mode and trace imports.").optional(),
    ...defaultableFields,
  },
  { error: 'expected a case object' },
);

export const caseFileSchema = z.strictObject(
  {
    /** Lets a JSON case file name its schema for editors, as the YAML comment does. */
    $schema: z.string().optional(),
    version: z.literal(1, { error: 'expected version: 1' }),
    defaults: caseDefaultsSchema.optional(),
    cases: z.array(caseEntrySchema, { error: 'expected a list of cases' }).min(1, { error: 'expected at least one case' }),
  },
  { error: 'expected an object with version and cases' },
);

export type CaseFileInput = z.infer<typeof caseFileSchema>;
export type CaseEntryInput = z.infer<typeof caseEntrySchema>;
