import * as z from '../io/validation/zod.js';
import { REPORT_SCHEMA_VERSION } from './report-version.js';

/**
 * The report JSON (docs/contract.md §6), defined once: the diff, `check` and `merge` validate a
 * report.json with this schema, and the report's TypeScript types (Report, CaseResult, …; see
 * report/types.ts) are inferred from it. Key order in the shapes is the key order written.
 *
 * Objects are loose so that a report written by a newer harness with extra keys still compares;
 * every field the contract fixes is checked, because the result is handed on typed as a Report.
 * Fields marked optional are always written by this version but absent from reports written
 * before it, which the diff still reads. A few fields are declared for their type only
 * (`unchecked`): merge checks a shard's fields itself, with its own messages.
 *
 * Messages are phrased as "expected …"; the problem lines add the file, line, path and what was
 * found.
 */

export { READABLE_REPORT_SCHEMA_VERSIONS, REPORT_SCHEMA_VERSION } from './report-version.js';

/** A loose object at run time (extra keys pass), typed with exactly the keys this version knows. */
function knownKeys<T extends z.core.$ZodLooseShape>(shape: T, error: string): z.ZodMiniObject<T, z.core.$strip> {
  return z.looseObject(shape, { error }) as unknown as z.ZodMiniObject<T, z.core.$strip>;
}

/** A field this version writes that the schema does not check (see above): any value passes, typed as `schema` says. */
function unchecked<T extends z.ZodMiniType>(_schema: T): z.ZodMiniOptional<z.ZodMiniType<z.output<T>>> {
  return z.optional(z.custom<z.output<T>>());
}

function wholeNumber(error: string) {
  return z.number({ error }).check(z.int({ error }), z.gte(0, { error }));
}

function fraction(error: string) {
  return z.number({ error }).check(z.gte(0, { error }), z.lte(1, { error }));
}

const text = z.string({ error: 'expected a string' });
const nonEmptyText = z
  .string({ error: 'expected a non-empty string' })
  .check(z.minLength(1, { error: 'expected a non-empty string' }));
const nullableText = z.nullable(z.string({ error: 'expected a string or null' }));
const count = wholeNumber('expected a whole number ≥ 0');
const nullableCount = z.nullable(wholeNumber('expected a whole number ≥ 0, or null'));
const nullableNumber = z.nullable(z.number({ error: 'expected a number or null' }));
const nullableRatio = z.nullable(fraction('expected a number from 0 to 1, or null'));
const listOf = <T extends z.ZodMiniType>(item: T) => z.array(item, { error: 'expected a list' });
const synonyms = z.union([z.string(), z.array(z.string())], { error: 'expected a string or a list of strings' });

const caseStatus = z.enum(['passed', 'failed', 'not_run'], {
  error: 'expected one of "passed", "failed", "not_run"',
});
const OUTCOME_EXPECTED = 'expected a lower-case outcome word such as "pass", "fail", "warn", "skip"';

/**
 * Any lower-case word: this version writes pass, fail, warn and skip, and a report from a newer
 * harness may hold another outcome, which the diff compares as text.
 */
const checkOutcome = z
  .string({ error: OUTCOME_EXPECTED })
  .check(z.regex(/^[a-z][a-z_]*$/u, { error: OUTCOME_EXPECTED }));

const ratio = fraction('expected a number from 0 to 1');
/** A 95% Wilson score interval (S76). */
const interval = knownKeys({ low: ratio, high: ratio }, 'expected an interval object { low, high }');
const checkFailureRate = knownKeys(
  { check: nonEmptyText, failedRuns: count, judgedRuns: count, rate: ratio },
  'expected an object',
);

const failedCheck = knownKeys({ check: nonEmptyText, message: text }, 'expected an object');

const checkRow = knownKeys({ check: nonEmptyText, outcome: checkOutcome, message: text }, 'expected an object');

const evidenceCoverage = knownKeys(
  {
    required: listOf(text),
    covered: listOf(text),
    missing: listOf(text),
    ratio: nullableRatio,
  },
  'expected an evidence coverage object or null',
);

const unassertedConcept = z.object({
  concept: synonyms,
  mention: z.string(),
  /** `hedged` is written by reports made before S67. */
  kind: z.enum(['negated', 'hedged', 'questioned', 'speculated', 'deferred', 'rivalled', 'not-conclusion']),
  clause: z.string(),
  /** For `not-conclusion`: where it was found ("the 3rd ranked cause", "the propagation path", "outside the conclusion"). */
  place: z.optional(z.string()),
});

const keywordCoverage = knownKeys(
  {
    concepts: count,
    covered: count,
    ratio: nullableRatio,
    min: z.number({ error: 'expected a number' }),
    missing: listOf(synonyms),
    requiredMissing: z.optional(listOf(synonyms)),
    /** Uncovered concepts the answer mentions without asserting them (S33): the first such mention of each. */
    unasserted: unchecked(z.array(unassertedConcept)),
  },
  'expected a keyword coverage object or null',
);

/** One run of a case, kept in report.json when a case is asked several times (live mode, `--repeat`). */
const runResult = knownKeys(
  {
    sessionId: nullableText,
    status: caseStatus,
    reason: nullableText,
    verdict: nullableText,
    failedChecks: listOf(failedCheck),
    toolCallCount: nullableCount,
    durationMs: nullableNumber,
    tokens: z.optional(nullableNumber),
    repeatedCalls: z.optional(nullableCount),
  },
  'expected an object',
);

const caseResult = knownKeys(
  {
    caseId: nonEmptyText,
    /** Only in a sharded run's report (`run --shard`): the case's position in the case file, from 0, so merge restores the order. */
    caseIndex: unchecked(z.number()),
    status: caseStatus,
    reason: nullableText,
    verdict: nullableText,
    failedChecks: listOf(failedCheck),
    warnedChecks: z.optional(listOf(failedCheck)),
    checks: listOf(checkRow),
    evidenceCoverage: z.nullable(evidenceCoverage),
    keywordCoverage: z.nullable(keywordCoverage),
    toolCallCount: nullableCount,
    durationMs: nullableNumber,
    tokens: z.optional(nullableNumber),
    repeatedCalls: z.optional(nullableCount),
    traceFixture: nullableText,
    /** Only with `--repeat`. */
    runs: z.optional(listOf(runResult)),
    passedRuns: z.optional(count),
    flaky: z.optional(z.boolean({ error: 'expected true or false' })),
    /** Only with repeated runs (S76): passed runs / runs, its 95% Wilson interval, each failing check's rate. */
    runPassRate: z.optional(nullableRatio),
    runPassInterval: z.optional(interval),
    checkFailureRates: z.optional(listOf(checkFailureRate)),
  },
  'expected a case result object',
);

const summary = knownKeys(
  {
    total: count,
    passed: count,
    failed: count,
    notRun: count,
    casesWithWarnings: z.optional(count),
    passRate: nullableRatio,
    verdictDistribution: z.record(z.string(), count, { error: 'expected an object of verdict counts' }),
    avgToolCalls: nullableNumber,
    avgDurationMs: nullableNumber,
    avgTokens: z.optional(nullableNumber),
    avgRepeatedCalls: z.optional(nullableNumber),
    /** Only with `--repeat`. */
    repeat: z.optional(count),
    passAtK: z.optional(nullableRatio),
    runPassRate: z.optional(nullableRatio),
    /** Only with repeated runs (S76): the 95% Wilson interval of runPassRate. */
    runPassInterval: z.optional(z.nullable(interval)),
  },
  'expected a summary object',
);

/** Which slice of the cases a sharded run evaluated (`run --shard i/n`); index from 1. */
const shard = z.object({ index: z.number(), count: z.number() });

export const REPORT_SCHEMA = knownKeys(
  {
    schemaVersion: z.union([z.literal(1), z.literal(REPORT_SCHEMA_VERSION)], {
      error: `expected 1 or ${REPORT_SCHEMA_VERSION} (the report schema versions this diag-eval reads)`,
    }),
    /** Only in a sharded run's report; merge removes it. */
    shard: unchecked(shard),
    /** Only in a sharded run's report: "sha256:<hex>" of the case file's bytes. */
    casesHash: unchecked(z.string()),
    summary,
    cases: listOf(caseResult),
  },
  'expected a report object with schemaVersion, summary and cases',
);

export type Report = z.output<typeof REPORT_SCHEMA>;
export type CaseResult = z.output<typeof caseResult>;
export type RunResult = z.output<typeof runResult>;
export type ReportSummary = z.output<typeof summary>;
export type CheckRow = z.output<typeof checkRow>;
export type FailedCheck = z.output<typeof failedCheck>;
export type EvidenceCoverage = z.output<typeof evidenceCoverage>;
export type KeywordCoverage = z.output<typeof keywordCoverage>;
export type UnassertedConcept = z.output<typeof unassertedConcept>;
