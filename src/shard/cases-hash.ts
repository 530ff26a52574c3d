import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { InputError } from '../errors.js';
import { describeFsError } from '../io/structured-file.js';

/**
 * `casesHash` of a sharded report: "sha256:" and the hex SHA-256 of the case file's bytes, as
 * read from disk. Shards merge only when they ran the very same case file; any edit, even to a
 * comment, changes it, which is the safe side (the case order and ids could have changed).
 */
export async function hashCaseFile(path: string, displayName: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new InputError(`${displayName}: cannot read the file (${describeFsError(error)})`);
  }
  return hashBytes(bytes);
}

export function hashBytes(bytes: Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}
