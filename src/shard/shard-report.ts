import type { EvalCase } from '../cases/types.js';
import type { CaseResult } from '../report/types.js';
import { assignShards } from './assign-shards.js';
import type { ShardSpec } from './shard-spec.js';

/** The cases of one shard, in case-file order, with their positions in the case file. */
export interface ShardSelection {
  cases: EvalCase[];
  caseIndexes: number[];
}

export function selectShard(cases: readonly EvalCase[], shard: ShardSpec): ShardSelection {
  const shards = assignShards(
    cases.map(({ id }) => id),
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
 * What a shard's report carries after its schema version, so that merge can put the shards back
 * together and refuse shards that do not belong together: the shard and the case file's hash
 * (and, in each case, its position in the case file). Only sharded reports carry these, so an
 * unsharded report stays exactly as it always was.
 */
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
