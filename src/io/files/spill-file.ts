// Buys: with report-spill.ts, a run's memory flat in the number of cases: its reports' text waits on disk, not in memory.
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { withFilePath } from './fs-problem.js';

/**
 * Characters gathered before they are written out, and bytes read back at a time: small enough
 * that no string of them is a large object for V8, which would be old-generation memory from the
 * start, kept until the next full collection, instead of garbage that dies young.
 */
const BLOCK = 32 * 1024;

/**
 * A temporary file of text written a piece at a time and then read back whole, in blocks: what a
 * run writes out instead of holding it, to be copied into a report later. Written and read
 * synchronously: each write is one large block, and the reading feeds a synchronous renderer.
 * The file is made when the first block is written out (at the latest by finish).
 */
export class SpillFile {
  private pending = '';
  /** Open while text is being written out; null before the first block and once finished. */
  private descriptor: number | null = null;
  private finished = false;
  private empty = true;

  constructor(readonly path: string) {}

  append(text: string): void {
    if (text === '') return;
    this.empty = false;
    this.pending += text;
    if (this.pending.length >= BLOCK) this.flush();
  }

  /** Writes out what is pending (into the file, if there is one) and closes it; append no more after it. */
  finish(): void {
    if (this.finished) return;
    this.flush();
    this.close();
  }

  /** Closes the file without writing out what is pending: for a spill being thrown away. */
  close(): void {
    this.finished = true;
    this.pending = '';
    if (this.descriptor === null) return;
    closeSync(this.descriptor);
    this.descriptor = null;
  }

  /** The text appended, in blocks (each read when asked for); call finish first. */
  *texts(): Generator<string, void, undefined> {
    if (this.empty) return;
    const descriptor = openSync(this.path, 'r');
    try {
      const buffer = Buffer.allocUnsafe(BLOCK);
      // A character cut by a block's end is completed by the next block.
      const decoder = new StringDecoder('utf8');
      for (let read = readSync(descriptor, buffer, 0, BLOCK, null); read > 0; ) {
        const text = decoder.write(buffer.subarray(0, read));
        read = readSync(descriptor, buffer, 0, BLOCK, null);
        if (text !== '') yield text;
      }
      const rest = decoder.end();
      if (rest !== '') yield rest;
    } finally {
      closeSync(descriptor);
    }
  }

  private flush(): void {
    if (this.pending === '') return;
    if (this.descriptor === null) {
      // wx: never through a link or over a file planted under this (fresh, hidden) name.
      this.descriptor = openSync(this.path, 'wx');
    }
    const bytes = Buffer.from(this.pending, 'utf8');
    this.pending = '';
    try {
      for (let offset = 0; offset < bytes.length; )
        offset += writeSync(this.descriptor, bytes, offset, bytes.length - offset);
    } catch (error) {
      // A full disk (ENOSPC, EDQUOT) or a failing device: the file is given up, and the error names it.
      this.close();
      throw withFilePath(error, this.path);
    }
  }
}
