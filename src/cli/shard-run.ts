// What `run --shard i/n` needs beyond a whole run, in one module that run loads only with --shard.
export { hashCaseFile } from '../shard/cases-hash.js';
export { markShardCase, selectShard, shardReportHead } from '../shard/shard-report.js';
