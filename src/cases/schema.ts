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
  rootCauseKeywords: z.array(keywordConcept, { error: 'expected a list of keywords' }).optional(),
  minKeywordCoverage: z.number({ error: 'expected a number from 0 to 1' }).min(0, { error: 'expected a number from 0 to 1' }).max(1, { error: 'expected a number from 0 to 1' }).optional(),
  requiredEvidenceTools: textList.optional(),
  allowedVerdicts: textList.min(1, { error: 'expected at least one allowed verdict' }).optional(),
  forbiddenAnswerKeywords: textList.optional(),
  forbiddenVerdicts: textList.optional(),
  forbiddenConfirmedClaims: textList.optional(),
  audit: auditSchema.optional(),
  budget: budgetSchema.optional(),
  tags: textList.optional(),
};

export const caseDefaultsSchema = z.strictObject(defaultableFields, { error: 'expected an object of case fields' });

export const caseEntrySchema = z.strictObject(
  {
    id: z
      .string({ error: 'expected a case id' })
      .regex(CASE_ID_PATTERN, { error: 'expected a case id of letters, digits, ".", "_" and "-", starting with a letter or digit' }),
    question: text,
    traceFixture: text.optional(),
    sessionId: text.optional(),
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
