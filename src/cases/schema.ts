import { CHECK_SEVERITIES_SCHEMA } from '../config/config-schema.js';
import * as z from '../io/validation/zod.js';
import { CASE_FIELDS_READ } from '../model/check-ids.generated.js';

/**
 * The case file as written (docs/contract.md §2). Unknown keys are errors everywhere, because a typo
 * such as `requiredEvidenceTool` would otherwise silently switch a check off.
 * Messages are phrased as "expected …"; the loader adds what was found and where.
 */

export const CASE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/u;

/**
 * The schemas of a case file whose expectations are the fields `read` names: the checks' `inputs`
 * (CASE_FIELDS_READ, generated from them), `budget.maxTokens` for one field of an object. A field
 * no check reads is left out, so a case that sets it is told the field is unknown rather than
 * ignored. The fields that name a case (id, question, fixture, session, match), `tags` and
 * `checks` belong to the file itself.
 */
export function buildCaseSchemas(read: readonly string[]) {
  const isRead = new Set(read);
  const someRead = (path: string) => isRead.has(path) || read.some((field) => field.startsWith(`${path}.`));
  /** The fields of `fields` some check reads (an object: one of its fields), typed as all of them: each is optional. */
  const onlyRead = <T extends Record<string, unknown>>(prefix: string, fields: T): T =>
    Object.fromEntries(Object.entries(fields).filter(([key]) => someRead(prefix + key))) as T;

  /** An optional field, with the description the published JSON Schema gives editors. */
  const described = <T extends z.ZodMiniType>(schema: T, description: string) =>
    z.optional(schema.check(z.describe(description)));

  const text = z
    .string({ error: 'expected text' })
    .check(z.trim(), z.minLength(1, { error: 'expected non-empty text' }));
  const textList = z.array(text, { error: 'expected a list of text' });

  const synonymList = z
    .array(text, { error: 'expected a list of synonyms' })
    .check(z.minLength(1, { error: 'expected at least one synonym' }));

  const trueOrFalse = z.boolean({ error: 'expected true or false' });

  const conceptObject = z.strictObject(
    {
      any: synonymList.check(z.describe('Synonyms, any one of which covers the concept.')),
      required: described(trueOrFalse, 'A required concept must be covered whatever minKeywordCoverage says.'),
    },
    { error: 'expected an object such as { any: ["连接池", "connection pool"], required: true }' },
  );

  const keywordConcept = z.union([text, synonymList, conceptObject], {
    error:
      'expected a keyword, a list of synonyms any one of which covers the concept, or { any: [...], required: true }',
  });

  const toolAlternatives = z.strictObject(
    {
      any: z
        .array(text, { error: 'expected a list of tool names' })
        .check(
          z.minLength(1, { error: 'expected at least one tool name' }),
          z.describe('Alternative evidence tools: calling any one of them covers the requirement.'),
        ),
    },
    { error: 'expected an object such as { any: [queryMetrics, queryPrometheusAlerts] }' },
  );
  const requiredTool = z.union([text, toolAlternatives], {
    error: 'expected a tool name, or { any: [tool names] } for alternatives',
  });

  const wholeNumberOf = (what: string) =>
    z
      .int({ error: `expected a whole number of ${what}` })
      .check(z.gte(0, { error: `expected a whole number of ${what}, 0 or more` }));

  const auditSchema = z.strictObject(
    onlyRead('audit.', {
      v2: z.optional(trueOrFalse),
      claimChecks: z.optional(trueOrFalse),
      composerOutput: z.optional(trueOrFalse),
    }),
    { error: 'expected an object such as { v2: true }' },
  );

  const budgetSchema = z.strictObject(
    onlyRead('budget.', {
      maxToolCalls: z.optional(wholeNumberOf('tool calls')),
      maxDurationMs: z.optional(
        z
          .number({ error: 'expected a number of milliseconds' })
          .check(z.gte(0, { error: 'expected a number of milliseconds, 0 or more' })),
      ),
      maxTokens: z.optional(wholeNumberOf('tokens')),
      maxRepeatedCalls: described(
        wholeNumberOf('repeated calls'),
        'Tool calls that repeat an earlier call with equal arguments, tolerated before no-redundant-tool-calls fails. Default 0.',
      ),
    }),
    { error: 'expected an object such as { maxToolCalls: 8, maxDurationMs: 60000 }' },
  );

  /** The fields `defaults` may set: every case field but the ones that identify a case. */
  const defaultableFields = {
    ...onlyRead('', {
      rootCauseKeywords: described(
        z.array(keywordConcept, { error: 'expected a list of keywords' }),
        'Root-cause concepts the final answer must name; a list item is a list of synonyms, any one of which covers the concept.',
      ),
      minKeywordCoverage: z.optional(
        z
          .number({ error: 'expected a number from 0 to 1' })
          .check(
            z.gte(0, { error: 'expected a number from 0 to 1' }),
            z.lte(1, { error: 'expected a number from 0 to 1' }),
            z.describe('Fraction of root-cause concepts the final answer must cover, 0..1. Default 1.'),
          ),
      ),
      maxCandidateCauses: described(
        wholeNumberOf('candidate causes'),
        'The most distinct candidate causes an answer may offer without choosing one before single-conclusion fails (S69). Default 3.',
      ),
      requiredEvidenceTools: described(
        z.array(requiredTool, { error: 'expected a list of tool names' }),
        'Evidence tools that must appear in toolInvocations or the verifier trace_summaries; { any: [...] } is satisfied by any one of its tools.',
      ),
      allowedVerdicts: z.optional(
        textList.check(
          z.minLength(1, { error: 'expected at least one allowed verdict' }),
          z.describe(
            'Verifier verdicts that pass the case, each one of the contract verdicts (default PASS, REVISE, REJECT). Left out (in the case and defaults), the agent has no verifier and the verdict checks are skipped.',
          ),
        ),
      ),
      forbiddenAnswerKeywords: described(textList, 'Text the final answer must never contain.'),
      forbiddenVerdicts: described(textList, 'Verifier verdicts that fail the case.'),
      forbiddenConfirmedClaims: described(textList, 'Unsupported claims that must not be stated in the final answer.'),
      audit: described(auditSchema, 'V2 audit-closure checks: v2 turns on all of them.'),
      budget: described(budgetSchema, 'Cost budget: the case fails above it.'),
    }),
    tags: described(textList, 'Free labels for grouping cases.'),
    checks: described(
      CHECK_SEVERITIES_SCHEMA,
      'Severity per check id: error (fails the case), warn (reported, does not fail), off (not run).',
    ),
  };

  const caseDefaults = z.strictObject(defaultableFields, { error: 'expected an object of case fields' });

  const caseEntry = z.strictObject(
    {
      id: z.string({ error: 'expected a case id' }).check(
        z.regex(CASE_ID_PATTERN, {
          error: 'expected a case id of letters, digits, ".", "_" and "-", starting with a letter or digit',
        }),
      ),
      question: text.check(z.describe('The user question the agent was asked.')),
      traceFixture: described(text, 'Trace fixture file, relative to the fixtures folder. Default <id>.json.'),
      sessionId: described(text, "The diagnosis service's session id, for live mode and trace imports."),
      match: described(
        z.union(
          [
            z.strictObject({ sessionId: text }),
            z.strictObject({ traceId: text }),
            z.strictObject({ question: text }),
            z.strictObject({ attribute: text, equals: text }),
          ],
          {
            error:
              'expected one of { sessionId: … }, { traceId: … }, { question: … } or { attribute: <span attribute>, equals: <value> }',
          },
        ),
        "How import and run --traces pick this case's trace: by session id, trace id, question, or a span attribute equal to a value. Default: sessionId, else question.",
      ),
      ...defaultableFields,
    },
    { error: 'expected a case object' },
  );

  const caseFile = z.strictObject(
    {
      /** Lets a JSON case file name its schema for editors, as the YAML comment does. */
      $schema: z.optional(z.string()),
      version: z.literal(1, { error: 'expected version: 1' }),
      defaults: z.optional(caseDefaults),
      /** `diag-eval scan`'s policies; validated by scan (src/scan/policies.ts), the only reader. */
      policies: z.optional(z.unknown()),
      cases: z
        .array(caseEntry, { error: 'expected a list of cases' })
        .check(z.minLength(1, { error: 'expected at least one case' })),
    },
    { error: 'expected an object with version and cases' },
  );

  return { caseFile, caseEntry, caseDefaults };
}

/**
 * The case-file schemas. A valid file is accepted by the acceptors compiled from them
 * (case-acceptors.ts); zod decides, and words the problems, only where those are unsure.
 */
export const CASE_SCHEMAS = buildCaseSchemas(CASE_FIELDS_READ);

export type CaseFileInput = z.infer<typeof CASE_SCHEMAS.caseFile>;
export type CaseEntryInput = z.infer<typeof CASE_SCHEMAS.caseEntry>;

type Defaultable = NonNullable<CaseFileInput['defaults']>;
/**
 * A case field a check may name in its `inputs`: an expectation (`budget.maxTokens` for one field
 * of an object) or a field that names the case.
 */
export type CaseFieldPath =
  | Exclude<keyof Defaultable, 'audit' | 'budget' | 'tags' | 'checks'>
  | `audit.${keyof NonNullable<Defaultable['audit']>}`
  | `budget.${keyof NonNullable<Defaultable['budget']>}`
  | 'id'
  | 'question';
