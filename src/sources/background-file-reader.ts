import { Worker } from 'node:worker_threads';

/**
 * Files read and decoded on a thread of their own, while the main thread parses and judges the
 * traces read before them. Reading a fixture file and decoding it is most of what reading a trace
 * costs (on the bench's 10,000 traces of a few KB: 175 ms of the 300 ms that reading and
 * JSON.parse take together); done here, it leaves the main thread only the copy of the texts it
 * receives (~35 ms).
 *
 * The thread reads only the usual file: a regular file, not a symbolic link, of 1 byte to
 * FILE_LIMIT bytes, UTF-8. Anything else comes back as null, for the caller to read in its own
 * careful way, which also words whatever is wrong with it: what a run reports never depends on
 * whether a file was read here.
 */
export class BackgroundFileReader {
  private worker: Worker | null = null;
  private failed = false;
  /** Set to 1 by the thread once it takes requests, readable without waiting for an event. */
  private readonly readyFlag = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  private readonly waiting = new Map<number, (texts: (string | null)[] | null) => void>();
  private nextId = 0;

  /** Starts the thread if it is not started; it then takes a while (tens of ms) to become ready. */
  start(): void {
    if (this.worker !== null || this.failed) return;
    let worker: Worker;
    try {
      worker = new Worker(`(${readerThread.toString()})()`, {
        eval: true,
        workerData: { readyFlag: this.readyFlag, fileLimit: FILE_LIMIT },
        // The thread holds one stretch of texts at a time; a limit keeps a fault there from
        // growing without bound (the thread then ends, and the caller reads by itself).
        resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
      });
    } catch {
      this.failed = true;
      return;
    }
    // An idle thread never keeps the process alive; one with a request pending does (read()).
    worker.unref();
    worker.on('message', ({ id, texts }: { id: number; texts: (string | null)[] }) => this.answer(id, texts));
    worker.on('error', () => this.fail());
    worker.on('exit', () => this.fail());
    this.worker = worker;
  }

  /** Whether the thread takes requests: started, ready, and not failed. */
  get ready(): boolean {
    return this.worker !== null && !this.failed && Atomics.load(this.readyFlag, 0) === 1;
  }

  /**
   * The texts of the first `paths`, in order: read until `budgetBytes` of files are read (at
   * least one file; a file too large for the thread counts at its size, unread), null for a
   * path that is null or a file the thread leaves to the caller. The whole answer is null
   * when the thread is not ready or fails meanwhile. Never rejects.
   */
  read(paths: readonly (string | null)[], budgetBytes: number): Promise<(string | null)[] | null> {
    const { worker } = this;
    if (worker === null || !this.ready) return Promise.resolve(null);
    const id = this.nextId;
    this.nextId += 1;
    worker.ref();
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      worker.postMessage({ id, paths, budgetBytes });
    });
  }

  /** Ends the thread for good: reads asked for and not yet answered answer null, and so do later ones. */
  async stop(): Promise<void> {
    const { worker } = this;
    this.fail();
    await worker?.terminate();
  }

  private answer(id: number, texts: (string | null)[]): void {
    const resolve = this.waiting.get(id);
    this.waiting.delete(id);
    if (this.waiting.size === 0) this.worker?.unref();
    resolve?.(texts);
  }

  private fail(): void {
    if (this.failed) return;
    this.failed = true;
    this.worker?.unref();
    for (const resolve of this.waiting.values()) resolve(null);
    this.waiting.clear();
  }
}

/**
 * The largest file the thread reads; larger ones (rare for a trace) are left to the caller, so
 * that the thread's memory stays within one stretch of usual files.
 */
const FILE_LIMIT = 1024 * 1024;

/** The one reader thread of the process, started by the first run that needs it. */
let shared: BackgroundFileReader | null = null;

export function backgroundFileReader(): BackgroundFileReader {
  shared ??= new BackgroundFileReader();
  return shared;
}

/**
 * The thread's code. It runs as the text of this function (an `eval` worker), so that the thread
 * starts alike from the sources under test, the library and the one-file CLI bundle, with no file
 * of its own to find. It must use nothing from outside its body but `require`.
 */
function readerThread(): void {
  const { parentPort, workerData } = require('node:worker_threads') as typeof import('node:worker_threads');
  const { closeSync, constants, fstatSync, openSync, readSync } = require('node:fs') as typeof import('node:fs');
  const { isUtf8 } = require('node:buffer') as typeof import('node:buffer');
  const { readyFlag, fileLimit } = workerData as { readyFlag: Int32Array; fileLimit: number };
  // Non-blocking: opening a FIFO would wait for a writer. No link followed: the caller confines links.
  const openFlags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);
  let scratch = Buffer.allocUnsafeSlow(64 * 1024);

  /** The file's text, or null for anything but the usual file; `size` gets its size when known. */
  const readText = (path: string, size: { bytes: number }): string | null => {
    let descriptor: number;
    try {
      descriptor = openSync(path, openFlags);
    } catch {
      return null;
    }
    try {
      const stats = fstatSync(descriptor);
      if (!stats.isFile()) return null;
      size.bytes += stats.size;
      if (stats.size === 0 || stats.size > fileLimit) return null;
      if (scratch.length < stats.size) scratch = Buffer.allocUnsafeSlow(Math.max(stats.size, scratch.length * 2));
      let filled = 0;
      while (filled < stats.size) {
        const count = readSync(descriptor, scratch, filled, stats.size - filled, null);
        if (count === 0) return null;
        filled += count;
      }
      const bytes = scratch.subarray(0, filled);
      if (!isUtf8(bytes)) return null;
      const byteOrderMark = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
      return bytes.toString('utf8', byteOrderMark ? 3 : 0);
    } catch {
      return null;
    } finally {
      try {
        closeSync(descriptor);
      } catch {
        // nothing was lost: the text, if any, is already decoded
      }
    }
  };

  parentPort?.on(
    'message',
    ({ id, paths, budgetBytes }: { id: number; paths: (string | null)[]; budgetBytes: number }) => {
      const texts: (string | null)[] = [];
      const size = { bytes: 0 };
      for (const path of paths) {
        if (texts.length > 0 && size.bytes >= budgetBytes) break;
        texts.push(path === null ? null : readText(path, size));
      }
      parentPort.postMessage({ id, texts });
    },
  );
  Atomics.store(readyFlag, 0, 1);
}
