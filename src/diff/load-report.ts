import { MAX_REPORT_BYTES } from '../io/input-limits.js';
import * as z from '../zod.js';
import { InputError } from '../errors.js';
import { withoutByteOrderMark } from '../io/decode-text.js';
import { parseStructuredText, problemAt, readJsonStructuredFile, schemaProblems, type StructuredFile } from '../io/structured-file.js';
import type { Report } from '../report/types.js';
import { isRecord as isPlainObject } from '../io/is-record.js';

/**
 * Reading a report.json (docs/contract.md §6) for the diff. Objects are loose so that a report written
 * by a newer harness with extra keys (e.g. `runs`) still compares; every field the contract
 * fixes is checked, because the result is handed on typed as a Report. Messages are phrased as
 * "expected …"; the problem lines add the file, line, path and what was found.
 */

const REPORT_SCHEMA_VERSION = 1;

const text = z.string({ error: 'expected a string' });
const nonEmptyText = z.string({ error: 'expected a non-empty string' }).check(z.minLength(1, { error: 'expected a non-empty string' }));
const nullableText = z.nullable(z.string({ error: 'expected a string or null' }));
const count = z
  .number({ error: 'expected a whole number ≥ 0' })
  .check(z.int({ error: 'expected a whole number ≥ 0' }), z.gte(0, { error: 'expected a whole number ≥ 0' }));
const nullableCount = z.nullable(
  z
    .number({ error: 'expected a whole number ≥ 0, or null' })
    .check(z.int({ error: 'expected a whole number ≥ 0, or null' }), z.gte(0, { error: 'expected a whole number ≥ 0, or null' })),
);
const nullableNumber = z.nullable(z.number({ error: 'expected a number or null' }));
const nullableRatio = z.nullable(
  z
    .number({ error: 'expected a number from 0 to 1, or null' })
    .check(z.gte(0, { error: 'expected a number from 0 to 1, or null' }), z.lte(1, { error: 'expected a number from 0 to 1, or null' })),
);
const listOf = <T extends z.ZodMiniType>(item: T) => z.array(item, { error: 'expected a list' });

const caseStatus = z.enum(['passed', 'failed', 'not_run'], { error: 'expected one of "passed", "failed", "not_run"' });
const OUTCOME_EXPECTED = 'expected a lower-case outcome word such as "pass", "fail", "warn", "skip"';

/**
 * Any lower-case word: this version writes pass, fail, warn and skip, and a report from a newer
 * harness may hold another outcome, which the diff compares as text.
 */
const checkOutcome = z
  .string({ error: OUTCOME_EXPECTED })
  .check(z.regex(/^[a-z][a-z_]*$/u, { error: OUTCOME_EXPECTED }));

const failedCheckSchema = z.looseObject({ check: nonEmptyText, message: text }, { error: 'expected an object' });

const checkRowSchema = z.looseObject(
  { check: nonEmptyText, outcome: checkOutcome, message: text },
  { error: 'expected an object' },
);

const evidenceCoverageSchema = z.nullable(
  z.looseObject(
    { required: listOf(text), covered: listOf(text), missing: listOf(text), ratio: nullableRatio },
    { error: 'expected an evidence coverage object or null' },
  ),
);

const keywordCoverageSchema = z.nullable(
  z.looseObject(
    {
      concepts: count,
      covered: count,
      ratio: nullableRatio,
      min: z.number({ error: 'expected a number' }),
      missing: listOf(z.union([z.string(), z.array(z.string())], { error: 'expected a string or a list of strings' })),
      requiredMissing: z.optional(listOf(z.union([z.string(), z.array(z.string())], { error: 'expected a string or a list of strings' }))),
    },
    { error: 'expected a keyword coverage object or null' },
  ),
);

const runSchema = z.looseObject(
  {
    sessionId: nullableText,
    status: caseStatus,
    reason: nullableText,
    verdict: nullableText,
    failedChecks: listOf(failedCheckSchema),
    toolCallCount: nullableCount,
    durationMs: nullableNumber,
    tokens: z.optional(nullableNumber),
  },
  { error: 'expected an object' },
);

const caseResultSchema = z.looseObject(
  {
    caseId: nonEmptyText,
    status: caseStatus,
    reason: nullableText,
    verdict: nullableText,
    failedChecks: listOf(failedCheckSchema),
    warnedChecks: z.optional(listOf(failedCheckSchema)),
    checks: listOf(checkRowSchema),
    evidenceCoverage: evidenceCoverageSchema,
    keywordCoverage: keywordCoverageSchema,
    toolCallCount: nullableCount,
    durationMs: nullableNumber,
    tokens: z.optional(nullableNumber),
    traceFixture: nullableText,
    runs: z.optional(listOf(runSchema)),
    passedRuns: z.optional(count),
    flaky: z.optional(z.boolean({ error: 'expected true or false' })),
  },
  { error: 'expected a case result object' },
);

const summarySchema = z.looseObject(
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
    repeat: z.optional(count),
    passAtK: z.optional(nullableRatio),
    runPassRate: z.optional(nullableRatio),
  },
  { error: 'expected a summary object' },
);

const reportSchema = z.looseObject(
  {
    schemaVersion: z.literal(REPORT_SCHEMA_VERSION, { error: `expected ${REPORT_SCHEMA_VERSION} (the report schema version this diag-eval reads)` }),
    summary: summarySchema,
    cases: listOf(caseResultSchema),
  },
  { error: 'expected a report object with schemaVersion, summary and cases' },
);

/** Reads and validates a report file; every problem found becomes one line of the InputError. */
export async function loadReportFile(path: string, displayName: string): Promise<Report> {
  return validateReportFile(readJsonStructuredFile(path, displayName, MAX_REPORT_BYTES, 'expected a report.json written by diag-eval'));
}

/** `displayName` is how the file is named in messages (a path relative to the working directory). */
export function parseReportFile(content: string, displayName: string): Report {
  // Always JSON, whatever the file is called: a report is never YAML.
  return validateReportFile(parseStructuredText(withoutByteOrderMark(content), displayName, 'json'));
}

function validateReportFile(file: StructuredFile): Report {
  const schemaVersion = isPlainObject(file.value) ? file.value['schemaVersion'] : undefined;
  if (typeof schemaVersion === 'number' && schemaVersion !== REPORT_SCHEMA_VERSION) {
    // The rest of a report of another version would only bury this line under noise.
    throw new InputError(
      problemAt(
        file,
        ['schemaVersion'],
        `found ${schemaVersion}, expected ${REPORT_SCHEMA_VERSION} (this diag-eval reads report schema version ` +
          `${REPORT_SCHEMA_VERSION}; regenerate the report with it)`,
      ),
    );
  }

  const result = reportSchema.safeParse(file.value);
  const problems = [...(result.success ? [] : schemaProblems(file, result.error.issues, [])), ...findDuplicates(file)];
  if (!result.success || problems.length > 0) throw new InputError(problems);
  const report: Report = result.data;
  return report;
}

/** Cases are matched by id and checks by check id, so a repeated one would be silently ignored. */
function findDuplicates(file: StructuredFile): string[] {
  const data = file.value;
  if (!isPlainObject(data) || !Array.isArray(data['cases'])) return [];
  const problems: string[] = [];
  const firstCaseIndex = new Map<string, number>();
  data['cases'].forEach((caseResult: unknown, caseIndex: number) => {
    if (!isPlainObject(caseResult)) return;
    const caseId = caseResult['caseId'];
    if (typeof caseId === 'string') {
      const first = firstCaseIndex.get(caseId);
      if (first === undefined) {
        firstCaseIndex.set(caseId, caseIndex);
      } else {
        problems.push(
          problemAt(
            file,
            ['cases', caseIndex, 'caseId'],
            `found ${JSON.stringify(caseId)} again (already the id of cases[${first}]), expected each case id once`,
          ),
        );
      }
    }
    const checks = caseResult['checks'];
    if (!Array.isArray(checks)) return;
    const firstCheckIndex = new Map<string, number>();
    checks.forEach((row: unknown, checkIndex: number) => {
      if (!isPlainObject(row) || typeof row['check'] !== 'string') return;
      const first = firstCheckIndex.get(row['check']);
      if (first === undefined) {
        firstCheckIndex.set(row['check'], checkIndex);
      } else {
        problems.push(
          problemAt(
            file,
            ['cases', caseIndex, 'checks', checkIndex, 'check'],
            `found ${JSON.stringify(row['check'])} again (already in checks[${first}]), expected each check once per case`,
          ),
        );
      }
    });
  });
  return problems;
}

