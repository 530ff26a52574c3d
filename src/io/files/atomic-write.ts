import { rmSync } from 'node:fs';
import { open, rename, rm, writeFile } from 'node:fs/promises';
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
    if (typeof content === 'string') await writeFile(temporary, content, { encoding: 'utf8', flag: 'wx' });
    else await writeChunks(temporary, content);
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

/** Bytes gathered per write call. */
const WRITE_BATCH_BYTES = 1024 * 1024;

/**
 * Writes the chunks through one file descriptor: each chunk is encoded into one reused buffer,
 * which is written out when the next chunk might not fit. A chunk takes at most 3 bytes per
 * UTF-16 code unit; one larger than the buffer gets a buffer of its own.
 */
async function writeChunks(path: string, chunks: Iterable<string>): Promise<void> {
  const handle = await open(path, 'wx');
  try {
    const batch = Buffer.allocUnsafeSlow(WRITE_BATCH_BYTES);
    let filled = 0;
    const writeOut = async (bytes: Buffer, length: number): Promise<void> => {
      for (let offset = 0; offset < length; ) {
        const { bytesWritten } = await handle.write(bytes, offset, length - offset);
        offset += bytesWritten;
      }
    };
    for (const chunk of chunks) {
      const maxBytes = chunk.length * 3;
      if (filled + maxBytes > batch.length) {
        await writeOut(batch, filled);
        filled = 0;
      }
      if (maxBytes > batch.length) {
        const own = Buffer.from(chunk, 'utf8');
        await writeOut(own, own.length);
      } else {
        filled += batch.write(chunk, filled, 'utf8');
      }
    }
    if (filled > 0) await writeOut(batch, filled);
  } finally {
    await handle.close();
  }
}
