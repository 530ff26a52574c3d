import type { EvalCase } from '../cases/types.js';
import type { CaseResult, Report } from '../report/types.js';
import { assignShards } from './assign-shards.js';
import type { ShardSpec } from './shard-spec.js';

/** The cases of one shard, in case-file order, with their positions in the case file. */
export interface ShardSelection {
  cases: EvalCase[];
  caseIndexes: number[];
}

export function selectShard(cases: readonly EvalCase[], shard: ShardSpec): ShardSelection {
  const shards = assignShards(
    cases.map((evalCase) => evalCase.id),
    shard.count,
  );
  const selection: ShardSelection = { cases: [], caseIndexes: [] };
  cases.forEach((evalCase, index) => {
    if (shards[index] !== shard.index) return;
    selection.cases.push(evalCase);
    selection.caseIndexes.push(index);
  });
  return selection;
}

/**
 * A shard's report: the report of its cases plus what merge needs to put the shards back
 * together and to refuse shards that do not belong together: the shard, the case file's hash,
 * and each case's position in the case file. Only sharded reports carry these, so an unsharded
 * report stays exactly as it always was.
 */
export function markShardReport(
  report: Report,
  shard: ShardSpec,
  casesHash: string,
  caseIndexes: readonly number[],
): Report {
  const cases = report.cases.map((result, position) => markShardCase(result, caseIndexes[position] as number));
  const { schemaVersion, ...rest } = report;
  return { schemaVersion, ...shardReportHead(shard, casesHash), ...rest, cases };
}

/** What a shard's report carries after its schema version: the shard and the case file's hash. */
export interface ShardHead {
  shard: { index: number; count: number };
  casesHash: string;
}

export function shardReportHead(shard: ShardSpec, casesHash: string): ShardHead {
  return { shard: { index: shard.index, count: shard.count }, casesHash };
}

/** A case's result in a shard's report: with its position in the case file, after its id. */
export function markShardCase(result: CaseResult, caseIndex: number): CaseResult {
  const { caseId, ...rest } = result;
  return { caseId, caseIndex, ...rest };
}
