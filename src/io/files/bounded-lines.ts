import { createReadStream } from 'node:fs';

const READ_CHUNK_BYTES = 1024 * 1024;

/** One line of a file read by readBoundedLines: its text, or the fact that it was too long to keep. */
export type BoundedLine =
  | { number: number; text: string; tooLong: false }
  | { number: number; text: null; tooLong: true };

/**
 * The lines of a file, streamed, each decoded as UTF-8 without its `\n` (or `\r\n`). A line longer
 * than `maxLineBytes` is not held: it is handed on as `tooLong` and its bytes are dropped as they
 * arrive, so that one huge line (a whole export written on one line) cannot exhaust memory.
 */
export async function* readBoundedLines(path: string, maxLineBytes: number): AsyncGenerator<BoundedLine> {
  // Read a MiB at a time: each read is a round trip to the thread pool, which on a busy machine
  // waits for a free thread; 64 KiB reads made the main thread wait more than it worked.
  const input = createReadStream(path, { highWaterMark: READ_CHUNK_BYTES });
  let pieces: Buffer[] = [];
  let length = 0;
  let tooLong = false;
  let number = 0;
  const finish = (): BoundedLine => {
    number += 1;
    if (tooLong) {
      tooLong = false;
      return { number, text: null, tooLong: true };
    }
    let bytes = pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces, length);
    if (bytes.length > 0 && bytes[bytes.length - 1] === 0x0d) bytes = bytes.subarray(0, bytes.length - 1);
    pieces = [];
    length = 0;
    return { number, text: bytes.toString('utf8'), tooLong: false };
  };
  const keep = (piece: Buffer): void => {
    if (tooLong || piece.length === 0) return;
    if (length + piece.length > maxLineBytes) {
      tooLong = true;
      pieces = [];
      length = 0;
      return;
    }
    pieces.push(piece);
    length += piece.length;
  };
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      let start = 0;
      for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
        keep(chunk.subarray(start, newline));
        yield finish();
        start = newline + 1;
      }
      // A copy: the stream may reuse the chunk's memory, and a small slice must not pin a 64 KiB chunk.
      if (start < chunk.length) keep(Buffer.from(chunk.subarray(start)));
    }
    if (length > 0 || tooLong) yield finish();
  } finally {
    input.destroy();
  }
}
