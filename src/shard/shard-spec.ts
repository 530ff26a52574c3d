import { InputError } from '../io/errors.js';

/** One slice of a sharded run: shard `index` of `count`, counted from 1 (`--shard 2/5`), as Vitest and Playwright do. */
export interface ShardSpec {
  index: number;
  count: number;
}

/** More shards than this is a typo, not a CI matrix (GitHub Actions allows 256 jobs per matrix). */
export const MAX_SHARDS = 1000;

/** `--shard i/n`: whole numbers, 1 ≤ i ≤ n ≤ MAX_SHARDS. */
export function parseShardFlag(command: string, raw: string): ShardSpec {
  const match = /^\s*(\d{1,7})\s*\/\s*(\d{1,7})\s*$/u.exec(raw);
  const index = match === null ? NaN : Number(match[1]);
  const count = match === null ? NaN : Number(match[2]);
  if (!(index >= 1 && count >= 1 && index <= count && count <= MAX_SHARDS)) {
    throw new InputError(
      `diag-eval ${command}: --shard: found "${raw}", expected i/n with whole numbers 1 ≤ i ≤ n ≤ ${MAX_SHARDS} (e.g. --shard 2/5)`,
    );
  }
  return { index, count };
}
