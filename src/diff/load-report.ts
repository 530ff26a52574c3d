import { InputError } from '../io/errors.js';
import { withoutByteOrderMark } from '../io/files/decode-text.js';
import { MAX_REPORT_BYTES } from '../io/files/input-limits.js';
import { prototypeFreeRecord, withoutUnsafeKeys } from '../io/json/unsafe-keys.js';
import {
  parseStructuredText,
  problemAt,
  readInputFile,
  type StructuredFile,
  schemaProblems,
  structuredFileOfBytes,
} from '../io/structured-file.js';
import { isRecord as isPlainObject } from '../io/validation/is-record.js';
import { compileAcceptor } from '../io/validation/zod-accepts.js';
import {
  READABLE_REPORT_SCHEMA_VERSIONS,
  REPORT_SCHEMA,
  REPORT_SCHEMA_VERSION,
  type Report,
} from '../model/report-schema.js';
import { runCountProblems } from './run-counts.js';

/**
 * Reading a report.json (docs/contract.md §6) for the diff, `check` and `merge`, validated with
 * the report's schema (model/report-schema.ts). Messages are phrased as "expected …"; the problem
 * lines add the file, line, path and what was found.
 */

/** Reads and validates a report file; every problem found becomes one line of the InputError. */
export async function loadReportFile(path: string, displayName: string): Promise<Report> {
  const bytes = readInputFile(path, displayName, MAX_REPORT_BYTES, 'expected a report.json written by diag-eval');
  return validateReportFile(structuredFileOfBytes(bytes, displayName, 'json'));
}

/** `displayName` is how the file is named in messages (a path relative to the working directory). */
export function parseReportFile(content: string, displayName: string): Report {
  // Always JSON, whatever the file is called: a report is never YAML.
  return validateReportFile(parseStructuredText(withoutByteOrderMark(content), displayName, 'json'));
}

function validateReportFile(file: StructuredFile): Report {
  const schemaVersion = isPlainObject(file.value) ? file.value['schemaVersion'] : undefined;
  if (typeof schemaVersion === 'number' && !READABLE_REPORT_SCHEMA_VERSIONS.includes(schemaVersion)) {
    // The rest of a report of another version would only bury this line under noise.
    throw new InputError(
      problemAt(
        file,
        ['schemaVersion'],
        `found ${schemaVersion}, expected ${READABLE_REPORT_SCHEMA_VERSIONS.join(' or ')} (this diag-eval reads report schema versions ` +
          `${READABLE_REPORT_SCHEMA_VERSIONS.join(' and ')} and writes ${REPORT_SCHEMA_VERSION}; regenerate the report with it)`,
      ),
    );
  }

  // A well-formed report, the usual case, is recognised by a quick walk over it; zod, which copies
  // the value as it checks it, runs only to describe what is wrong. The value is handed on as read.
  const schema = REPORT_SCHEMA;
  const wellFormed = compileAcceptor(schema)(file.value);
  const result = wellFormed ? null : schema.safeParse(file.value);
  const problems = [
    ...(result === null || result.success ? [] : schemaProblems(file, result.error.issues, [])),
    ...findDuplicates(file),
    ...runCountProblems(file),
  ];
  if ((result !== null && !result.success) || problems.length > 0) throw new InputError(problems);
  return prototypeSafe(file.value as Report);
}

/**
 * The report with its data out of reach of Object.prototype (docs/contract.md §1, "Data keys"):
 * `__proto__`, `constructor` and `prototype` keys, no field of any report, are dropped from its
 * records at any depth, and the verdict counts, keyed by data, are kept whole (a verdict
 * `__proto__` included) in an object without a prototype. Cases and checks are looked up by id in
 * Maps from here on.
 */
function prototypeSafe(report: Report): Report {
  const verdicts = report.summary.verdictDistribution;
  const safe = withoutUnsafeKeys({ ...report, summary: { ...report.summary, verdictDistribution: {} } });
  safe.summary.verdictDistribution = prototypeFreeRecord(Object.entries(verdicts));
  return safe;
}

/** Cases are matched by id and checks by check id, so a repeated one would be silently ignored. */
function findDuplicates(file: StructuredFile): string[] {
  const data = file.value;
  if (!isPlainObject(data) || !Array.isArray(data['cases'])) return [];
  const cases: unknown[] = data['cases'];
  const problems: string[] = [];
  const repeatedCases = new Map(repeatedIds(cases, 'caseId').map((repeat) => [repeat.index, repeat]));
  cases.forEach((caseResult, caseIndex) => {
    const again = repeatedCases.get(caseIndex);
    if (again !== undefined) {
      const message = `found ${JSON.stringify(again.id)} again (already the id of cases[${again.first}]), expected each case id once`;
      problems.push(problemAt(file, ['cases', caseIndex, 'caseId'], message));
    }
    const checks = isPlainObject(caseResult) && Array.isArray(caseResult['checks']) ? caseResult['checks'] : [];
    for (const { id, index, first } of repeatedIds(checks, 'check')) {
      const message = `found ${JSON.stringify(id)} again (already in checks[${first}]), expected each check once per case`;
      problems.push(problemAt(file, ['cases', caseIndex, 'checks', index, 'check'], message));
    }
  });
  return problems;
}

/** The rows whose string `key` an earlier row already has, in row order: the id, the row's index and the first one's. */
function repeatedIds(rows: readonly unknown[], key: string): { id: string; index: number; first: number }[] {
  const firstIndex = new Map<string, number>();
  return rows.flatMap((row, index) => {
    const id = isPlainObject(row) ? row[key] : undefined;
    if (typeof id !== 'string') return [];
    const first = firstIndex.get(id);
    if (first === undefined) firstIndex.set(id, index);
    return first === undefined ? [] : [{ id, index, first }];
  });
}
