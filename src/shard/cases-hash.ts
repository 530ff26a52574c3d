import { createHash } from 'node:crypto';
import { MAX_CASE_FILE_BYTES } from '../io/files/input-limits.js';
import { readInputFile } from '../io/structured-file.js';

/**
 * `casesHash` of a sharded report: "sha256:" and the hex SHA-256 of the case file's bytes, as
 * read from disk. Shards merge only when they ran the very same case file; any edit, even to a
 * comment, changes it, which is the safe side (the case order and ids could have changed).
 */
export async function hashCaseFile(path: string, displayName: string): Promise<string> {
  const bytes = readInputFile(path, displayName, MAX_CASE_FILE_BYTES);
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}
