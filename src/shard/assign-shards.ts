import { createHash } from 'node:crypto';
import { compareText } from '../model/text-order.js';

/**
 * Which shard each case belongs to, for `count` shards (docs/contract.md §1, `run --shard`).
 *
 * Each case id is hashed with SHA-256 (of its UTF-8 bytes); the cases are ordered by that
 * digest (as lower-case hex; equal digests, which do not happen in practice, by id) and the
 * ordered list is cut into `count` contiguous slices: shard i (from 1) takes positions
 * floor((i-1)·N/count) up to, not including, floor(i·N/count). So slices differ in size by at
 * most one case, and the assignment depends only on the case ids, never on the machine, the
 * order of the case file or the Node version. The hash spreads cases of one kind (ids sharing a
 * prefix, often cases of similar cost) across the shards rather than giving them to one.
 *
 * Returns, for each case in the order given, its shard number (1..count).
 */
export function assignShards(caseIds: readonly string[], count: number): number[] {
  const keyed = caseIds.map((id, position) => ({
    id,
    position,
    digest: createHash('sha256').update(id, 'utf8').digest('hex'),
  }));
  keyed.sort((a, b) => compareText(a.digest, b.digest) || compareText(a.id, b.id));
  const total = keyed.length;
  const shards = new Array<number>(total);
  for (let shard = 1; shard <= count; shard += 1) {
    const start = Math.floor(((shard - 1) * total) / count);
    const end = Math.floor((shard * total) / count);
    for (let ordered = start; ordered < end; ordered += 1)
      shards[(keyed[ordered] as { position: number }).position] = shard;
  }
  return shards;
}
