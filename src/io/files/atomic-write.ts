import { rmSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ensureFolder } from './ensure-folder.js';
import { withFilePath } from './fs-problem.js';

/**
 * What is written: one string, or a sequence of strings written one after another (a large
 * report rendered in chunks, so that it is never held whole as one string).
 */
export type FileContent = string | Iterable<string>;

/** A file written to its temporary name beside the target, waiting to be put in place or thrown away. */
export interface PreparedFile {
  readonly path: string;
  /** Renames the temporary file over the target (atomic within one file system). */
  commit(): Promise<void>;
  /** Removes the temporary file; the target stays as it was. */
  discard(): Promise<void>;
}

/**
 * Writes a file so that readers see either the old content or the whole new content, never
 * a half-written file: the text goes to a temporary file beside the target, then a rename
 * (atomic within one file system) puts it in place.
 */
export async function writeFileAtomic(path: string, content: FileContent): Promise<void> {
  const prepared = await prepareFileAtomic(path, content);
  await prepared.commit();
}

/**
 * The first half of writeFileAtomic: the whole content is written to the temporary file, and
 * nothing is put in place yet. Several files prepared first and committed after are replaced
 * only if every one of them could be written (rendered chunk by chunk included). When writing
 * fails, the temporary file is removed and the error thrown.
 */
export async function prepareFileAtomic(path: string, content: FileContent): Promise<PreparedFile> {
  await ensureFolder(dirname(path));
  const temporary = `${path}.tmp-${process.pid}-${(temporaryCount += 1)}`;
  pendingTemporaries.add(temporary);
  const discard = async (): Promise<void> => {
    await rm(temporary, { force: true });
    pendingTemporaries.delete(temporary);
  };
  try {
    // A leftover of a crashed process of the same pid, or a link planted under this name, is
    // removed (a link itself, never what it points to), and the file is made new (wx): nothing
    // is ever written through a link.
    await rm(temporary, { force: true });
    const data = typeof content === 'string' ? content : inBatches(content);
    await writeFile(temporary, data, { encoding: 'utf8', flag: 'wx' });
  } catch (error) {
    await discard();
    throw withFilePath(error, temporary);
  }
  return {
    path,
    commit: async () => {
      try {
        await rename(temporary, path);
        pendingTemporaries.delete(temporary);
      } catch (error) {
        await discard();
        throw error;
      }
    },
    discard,
  };
}

/** Temporary files written and not yet renamed into place or removed. */
const pendingTemporaries = new Set<string>();

/**
 * Removes every temporary file still pending, at once: for a process that is being stopped
 * (SIGINT, SIGTERM) in the middle of a write, so that no half-written `*.tmp-*` file stays
 * behind, in the baseline folder least of all. The targets are untouched: each file is whole
 * and new, or whole and old.
 */
export function removePendingTemporaryFilesSync(): void {
  for (const temporary of pendingTemporaries) rmSync(temporary, { force: true, recursive: true });
  pendingTemporaries.clear();
}

/**
 * A temporary file or folder of another writer (the fixtures `import` stages, the spans it
 * spills), removed with the pending temporary files if the process is stopped; `release` when
 * it is gone.
 */
export function holdTemporary(path: string): { release(): void } {
  pendingTemporaries.add(path);
  return { release: () => void pendingTemporaries.delete(path) };
}

/**
 * Numbers temporary files within this process; with the pid the name is unique on the machine
 * (a leftover of a crashed process with the same pid is removed first). node:crypto would
 * do too, but costs milliseconds of start-up for nothing.
 */
let temporaryCount = 0;

const WRITE_BATCH_CHARACTERS = 1024 * 1024;

/** The chunks joined into strings of about a MiB, so that a report of many small chunks is written in few calls. */
function* inBatches(chunks: Iterable<string>): Generator<string> {
  let batch = '';
  for (const chunk of chunks) {
    batch += chunk;
    if (batch.length >= WRITE_BATCH_CHARACTERS) {
      yield batch;
      batch = '';
    }
  }
  if (batch !== '') yield batch;
}
