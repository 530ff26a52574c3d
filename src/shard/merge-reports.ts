import { parseReportFile } from '../diff/load-report.js';
import { InputError } from '../io/errors.js';
import { withoutByteOrderMark } from '../io/files/decode-text.js';
import { withoutUnsafeKeys } from '../io/json/unsafe-keys.js';
import { describeValue, quotedText } from '../io/validation/describe-value.js';
import { isRecord as isObject } from '../io/validation/is-record.js';
import { buildReport } from '../report/build.js';
import type { CaseResult, Report } from '../report/types.js';
import { assignShards } from './assign-shards.js';
import { MAX_SHARDS } from './shard-spec.js';

/** A sharded run's report.json as read: how to name it, and its text. */
export interface ShardReportText {
  displayName: string;
  text: string;
}

interface ShardFile {
  displayName: string;
  schemaVersion: number;
  index: number;
  count: number;
  casesHash: string;
  repeat: number | null;
  /** As written, keys in their written order: the merged report must be the unsharded run's, byte for byte. */
  cases: Record<string, unknown>[];
}

/**
 * Puts the reports of `run --shard i/n` back together into the report the unsharded run writes
 * (docs/contract.md §1, `merge`): the cases in case-file order (each shard recorded every case's
 * position), the summary recomputed from the cases as the run computes it. Whatever the order of
 * the inputs, the result is the same.
 *
 * Refused, with every problem named (an InputError, exit 2): a report that is not a valid
 * report or not a shard's, reports of different case files, shard counts, `--repeat` or schema
 * versions, a shard given twice or missing, a case in two reports or in a shard it does not
 * belong to.
 */
export function mergeShardReports(inputs: readonly ShardReportText[]): Report {
  if (inputs.length === 0)
    throw new InputError('diag-eval merge: expected at least one report.json written by `diag-eval run --shard i/n`');
  const problems: string[] = [];
  const files: ShardFile[] = [];
  for (const input of inputs) {
    try {
      const file = readShardFile(input);
      if (typeof file === 'string') problems.push(file);
      else files.push(file);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      problems.push(...error.problems);
    }
  }
  refuseAny(problems);
  refuseAny(disagreements(files));
  refuseAny(shardSetProblems(files));
  return buildReport(placeCases(files), (files[0] as ShardFile).repeat);
}

function refuseAny(problems: string[]): void {
  if (problems.length > 0) throw new InputError(problems);
}

/** A valid report that is a shard's, or the problem with it. Invalid reports throw the report loader's InputError. */
function readShardFile({ displayName, text }: ShardReportText): ShardFile | string {
  parseReportFile(text, displayName);
  const raw = JSON.parse(withoutByteOrderMark(text)) as Record<string, unknown>;
  const shard = raw['shard'];
  const notShard = `${displayName}: expected a report written by \`diag-eval run --shard i/n\``;
  if (!isObject(shard)) return `${notShard}; found no "shard" field (an unsharded report needs no merge)`;
  const index = shard['index'];
  const count = shard['count'];
  if (!isWhole(index) || !isWhole(count) || index < 1 || index > count || count > MAX_SHARDS) {
    return `${displayName}: shard: found ${JSON.stringify(shard).slice(0, 200)}, expected {"index": i, "count": n} with whole numbers 1 ≤ i ≤ n ≤ ${MAX_SHARDS}`;
  }
  const casesHash = raw['casesHash'];
  if (typeof casesHash !== 'string' || casesHash === '') return `${notShard}; found no "casesHash" string`;
  // A `__proto__` (or `constructor`, `prototype`) key is no data of a report: it is not carried into the merge.
  const cases = withoutUnsafeKeys(raw['cases'] as Record<string, unknown>[]);
  const badIndex = cases.findIndex((result) => !isWhole(result['caseIndex']) || (result['caseIndex'] as number) < 0);
  if (badIndex !== -1) {
    return `${displayName}: cases[${badIndex}].caseIndex: found ${JSON.stringify(cases[badIndex]?.['caseIndex'] ?? null)}, expected the case's position in the case file (a whole number ≥ 0)`;
  }
  const summary = raw['summary'] as Record<string, unknown>;
  const repeat = typeof summary['repeat'] === 'number' ? summary['repeat'] : null;
  const miscounted = countProblem(displayName, summary, cases as unknown as CaseResult[], repeat);
  if (miscounted !== null) return miscounted;
  const schemaVersion = raw['schemaVersion'] as number;
  return { displayName, schemaVersion, index, count, casesHash, repeat, cases };
}

/**
 * The first count of a shard's summary that its cases do not give: a shard whose summary claims
 * cases it does not hold (or holds cases it does not count) was cut short or edited. Only counts
 * are compared; rates and averages the merge recomputes from the cases whatever the shard says.
 */
function countProblem(
  displayName: string,
  summary: Record<string, unknown>,
  cases: CaseResult[],
  repeat: number | null,
): string | null {
  const expected = buildReport(cases, repeat).summary;
  const held = `what the ${cases.length} case${cases.length === 1 ? '' : 's'} it holds give`;
  const fields = ['total', 'passed', 'failed', 'notRun', 'casesWithWarnings'] as const;
  for (const field of fields) {
    // casesWithWarnings is absent from reports of schema version 1.
    if (summary[field] === undefined && field === 'casesWithWarnings') continue;
    if (summary[field] !== expected[field]) return miscount(displayName, field, summary[field], expected[field], held);
  }
  const claimed = summary['verdictDistribution'] as Record<string, number>;
  const counted = expected.verdictDistribution;
  for (const verdict of new Set([...Object.keys(claimed), ...Object.keys(counted)])) {
    const found = Object.hasOwn(claimed, verdict) ? claimed[verdict] : 0;
    const wanted = Object.hasOwn(counted, verdict) ? counted[verdict] : 0;
    if (found !== wanted)
      return miscount(displayName, `verdictDistribution[${JSON.stringify(quotedText(verdict))}]`, found, wanted, held);
  }
  return null;
}

function miscount(displayName: string, field: string, found: unknown, expected: unknown, held: string): string {
  return `${displayName}: summary.${field}: found ${describeValue(found)}, expected ${JSON.stringify(expected)} (${held})`;
}

/** Shards of one run agree on the case file, the number of shards, the runs per case and the report schema version. */
function disagreements(files: readonly ShardFile[]): string[] {
  const compare = (what: string, expected: string, keyOf: (file: ShardFile) => string): string[] => {
    const groups = namesBy(files, keyOf);
    if (groups.size < 2) return [];
    const found = [...groups].map(([value, names]) => `${value} in ${names.join(', ')}`).join('; ');
    return [`diag-eval merge: the reports differ in ${what}: ${found}; expected ${expected}`];
  };
  return [
    ...compare(
      'casesHash (they ran different case files)',
      'the shards of one run of one case file',
      (file) => file.casesHash,
    ),
    ...compare('shard count', 'one n for every report (run --shard i/n)', (file) => `n = ${file.count}`),
    ...compare('runs per case', 'the same --repeat for every shard', (file) =>
      file.repeat === null ? 'no --repeat' : `--repeat ${file.repeat}`,
    ),
    // Both versions are readable, but shards of one run were written by one diag-eval: a mix means
    // a report from another run (or an older one) among them.
    ...compare(
      'schemaVersion (they were written by different diag-eval versions)',
      'the shards of one run, written by one diag-eval',
      (file) => `schemaVersion ${file.schemaVersion}`,
    ),
  ];
}

/** Each shard 1..n exactly once. */
function shardSetProblems(files: readonly ShardFile[]): string[] {
  const count = (files[0] as ShardFile).count;
  const byIndex = namesBy(files, (file) => file.index);
  const problems = [...byIndex]
    .filter(([, names]) => names.length > 1)
    .sort(([a], [b]) => a - b)
    .map(
      ([index, names]) =>
        `diag-eval merge: shard ${index}/${count} is given ${names.length} times: ${names.join(', ')}; expected each shard once`,
    );
  const missing = Array.from({ length: count }, (_, index) => index + 1).filter((index) => !byIndex.has(index));
  if (missing.length > 0) {
    problems.push(
      `diag-eval merge: missing shard${missing.length > 1 ? 's' : ''} ${missing.map((index) => `${index}/${count}`).join(', ')}; expected one report for each shard 1/${count} to ${count}/${count}`,
    );
  }
  return problems;
}

/** The files' names by `keyOf`, in the order each key first appears. */
function namesBy<K>(files: readonly ShardFile[], keyOf: (file: ShardFile) => K): Map<K, string[]> {
  const groups = new Map<K, string[]>();
  for (const file of files) groups.set(keyOf(file), [...(groups.get(keyOf(file)) ?? []), file.displayName]);
  return groups;
}

interface PlacedCase {
  result: CaseResult;
  caseId: string;
  shard: number;
  displayName: string;
}

/**
 * The cases of all shards at their positions in the case file. The positions must be 0..N-1,
 * each once, and each case must be in the shard the shard assignment gives it: with the same
 * case file on every shard, anything else means a report was edited or mislabelled.
 */
function placeCases(files: readonly ShardFile[]): CaseResult[] {
  const problems: string[] = [];
  const byPosition = new Map<number, PlacedCase>();
  const byId = new Map<string, PlacedCase>();
  for (const { cases, index: shard, displayName } of files) {
    for (const { caseIndex, ...rest } of cases) {
      const placed = { result: rest as unknown as CaseResult, caseId: rest['caseId'] as string, shard, displayName };
      const atPosition = byPosition.get(caseIndex as number);
      const sameId = byId.get(placed.caseId);
      if (atPosition !== undefined) {
        problems.push(
          `diag-eval merge: case index ${caseIndex} is in ${atPosition.displayName} (${atPosition.caseId}) and in ${displayName} (${placed.caseId}); expected each case in one shard`,
        );
      } else if (sameId !== undefined) {
        problems.push(
          `diag-eval merge: case "${placed.caseId}" is in ${sameId.displayName} and in ${displayName}; expected each case in one shard`,
        );
      } else {
        byPosition.set(caseIndex as number, placed);
        byId.set(placed.caseId, placed);
      }
    }
  }
  refuseAny(problems);
  // A position past the last case is named with its file: the gap it leaves below would otherwise
  // be reported as a case no report holds, naming none.
  const beyond = [...byPosition]
    .filter(([position]) => position >= byPosition.size)
    .sort(([a], [b]) => a - b)
    .map(
      ([position, entry]) =>
        `diag-eval merge: ${entry.displayName}: case "${entry.caseId}" has caseIndex ${position}, expected below ${byPosition.size} (the number of cases the reports hold)`,
    );
  refuseAny(beyond);
  const placed = Array.from({ length: byPosition.size }, (_, position) => byPosition.get(position));
  const gap = placed.indexOf(undefined);
  if (gap !== -1) {
    refuseAny([
      `diag-eval merge: no report holds the case at index ${gap} of the case file; expected the cases 0 to ${placed.length - 1} once each`,
    ]);
  }
  const count = (files[0] as ShardFile).count;
  const inOrder = placed as PlacedCase[];
  const expected = assignShards(
    inOrder.map(({ caseId }) => caseId),
    count,
  );
  const misplaced: string[] = [];
  inOrder.forEach((entry, position) => {
    if (expected[position] !== entry.shard)
      misplaced.push(
        `diag-eval merge: ${entry.displayName}: case "${entry.caseId}" is in shard ${entry.shard}/${count}, expected in shard ${expected[position]}/${count} (was the report edited, or renamed from another run?)`,
      );
  });
  refuseAny(misplaced);
  return inOrder.map(({ result }) => result);
}

function isWhole(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}
