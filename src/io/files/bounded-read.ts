import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { describeFsError } from './fs-problem.js';
import { formatBytes } from './input-limits.js';

/**
 * The one way the harness reads an input file whole (case files, configs, fixtures, reports,
 * import documents): open, fstat, refuse anything that is not a regular file, refuse a file
 * larger than the limit, and read at most the limit + 1 bytes, so that neither a FIFO, a
 * device, a file that grows while it is read, nor a /proc file whose size reads as 0 can
 * hang the run or exhaust memory. Symbolic links are followed (the caller confines them).
 */
export type BoundedRead =
  | { ok: true; bytes: Buffer }
  /** `missing`: the file (or a folder on its path) does not exist. `problem` reads after "<file>: ". */
  | {
      ok: false;
      missing: boolean;
      problem: string;
      link?: true;
      notRegular?: string;
      tooLarge?: { size: number | null; limit: number };
    };

export interface BoundedReadOptions {
  /**
   * Refuse a symbolic link as the last part of the path (`link: true`), for callers that must
   * resolve and confine links themselves; no extra system call when it is not a link.
   */
  noFollow?: boolean;
}

/**
 * Opened non-blocking: opening a FIFO for reading would otherwise wait for a writer forever.
 * For regular files the flag changes nothing.
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

export function readBoundedFileSync(path: string, limitBytes: number, options: BoundedReadOptions = {}): BoundedRead {
  let descriptor: number;
  try {
    descriptor = openSync(path, options.noFollow === true ? OPEN_FLAGS | (constants.O_NOFOLLOW ?? 0) : OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (options.noFollow === true && code === 'ELOOP')
      return { ok: false, missing: false, link: true, problem: 'is a symbolic link' };
    const missing = code === 'ENOENT' || code === 'ENOTDIR';
    return { ok: false, missing, problem: `cannot read the file (${describeFsError(error)})` };
  }
  try {
    const stats = fstatSync(descriptor);
    const kind = notRegularFile(stats);
    if (kind !== null)
      return {
        ok: false,
        missing: false,
        notRegular: kind,
        problem: `cannot read the file (it is ${kind}); expected a regular file`,
      };
    if (stats.size > limitBytes) return overLimit(stats.size, limitBytes);
    const bytes = readAtMost(descriptor, stats.size, limitBytes + 1);
    if (bytes.length > limitBytes) return overLimit(null, limitBytes);
    return { ok: true, bytes };
  } catch (error) {
    return { ok: false, missing: false, problem: `cannot read the file (${describeFsError(error)})` };
  } finally {
    closeSync(descriptor);
  }
}

/** `size` is null when only "more than the limit" is known (a file that grew, or one of unknown size). */
function overLimit(size: number | null, limitBytes: number): BoundedRead {
  return { ok: false, missing: false, problem: tooLargeText(size, limitBytes), tooLarge: { size, limit: limitBytes } };
}

/** `is 70.0 MiB, over the 64 MiB limit` */
export function tooLargeText(size: number | null, limitBytes: number): string {
  const found = size === null ? '' : ` ${(size / 1024 / 1024).toFixed(1)} MiB,`;
  return `is${found} over the ${formatBytes(limitBytes)} limit`;
}

/** What a non-regular file is, in words, or null for a regular file. */
export function notRegularFile(stats: Stats): string | null {
  if (stats.isFile()) return null;
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * A file of known size is read up to that size (one read call for most), which fstat already
 * found within the limit: like readFileSync, bytes appended meanwhile are not read. A file whose
 * size the system reports as 0 (/proc, some virtual file systems) is read to its end, but never
 * past `cap` bytes.
 */
function readAtMost(descriptor: number, size: number, cap: number): Buffer {
  const end = size > 0 ? size : cap;
  let buffer = Buffer.allocUnsafeSlow(size > 0 ? size : Math.min(cap, 64 * 1024));
  let filled = 0;
  while (filled < end) {
    if (filled === buffer.length) {
      const larger = Buffer.allocUnsafeSlow(Math.min(cap, buffer.length * 2));
      buffer.copy(larger, 0, 0, filled);
      buffer = larger;
    }
    const count = readSync(descriptor, buffer, filled, Math.min(buffer.length, end) - filled, null);
    if (count === 0) break;
    filled += count;
  }
  return buffer.subarray(0, filled);
}
