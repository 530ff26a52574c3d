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
  // The pieces of the line being read; null once it is too long to keep.
  let pieces: Buffer[] | null = [];
  let length = 0;
  let number = 0;
  const keep = (piece: Buffer): void => {
    if (pieces === null || piece.length === 0) return;
    length += piece.length;
    if (length > maxLineBytes) pieces = null;
    else pieces.push(piece);
  };
  const finish = (): BoundedLine => {
    number += 1;
    const bytes = pieces === null ? null : pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces, length);
    pieces = [];
    length = 0;
    if (bytes === null) return { number, text: null, tooLong: true };
    const end = bytes[bytes.length - 1] === 0x0d ? bytes.length - 1 : bytes.length;
    return { number, text: bytes.toString('utf8', 0, end), tooLong: false };
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
    if (length > 0) yield finish();
  } finally {
    input.destroy();
  }
}
