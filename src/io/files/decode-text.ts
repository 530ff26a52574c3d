import { isUtf8 } from 'node:buffer';

/**
 * Decodes a file's bytes as UTF-8. A leading byte-order mark is dropped (editors on some
 * systems add one); bytes that are not UTF-8 are an error rather than silently replaced,
 * since a replaced character can make a keyword check pass or fail for the wrong reason.
 */
export type DecodedText = { ok: true; text: string } | { ok: false; problem: string };

/** Text without a leading byte-order mark: the one place the mark is dropped, from bytes or from text. */
export function withoutByteOrderMark(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function decodeUtf8(bytes: Uint8Array): DecodedText {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // isUtf8 validates strictly (as a fatal TextDecoder does) without the decoder's set-up cost.
  if (isUtf8(buffer)) {
    const start = buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
    return { ok: true, text: buffer.toString('utf8', start) };
  }
  const { offset, line } = firstInvalidSequence(buffer);
  const byte = (buffer[offset] ?? 0).toString(16).padStart(2, '0');
  return {
    ok: false,
    problem: `not UTF-8 text (byte 0x${byte} at offset ${offset}, line ${line}, is not valid UTF-8); expected a UTF-8 encoded file`,
  };
}

/**
 * Where the first invalid sequence starts, so the message points at the offending byte (for a
 * Latin-1 `é`, the `é` itself, not the byte after it), and its line. The decoder puts a U+FFFD
 * there, and the text before it encodes back to the very bytes it was decoded from; a U+FFFD
 * the file holds as such (the bytes EF BF BD) is passed over.
 */
function firstInvalidSequence(bytes: Buffer): { offset: number; line: number } {
  const text = bytes.toString('utf8');
  let offset = 0;
  let decodedTo = 0;
  for (let at = text.indexOf('\ufffd'); at !== -1; at = text.indexOf('\ufffd', at + 1)) {
    offset += Buffer.byteLength(text.slice(decodedTo, at));
    decodedTo = at;
    if (bytes[offset] !== 0xef || bytes[offset + 1] !== 0xbf || bytes[offset + 2] !== 0xbd) {
      return { offset, line: text.slice(0, at).split('\n').length };
    }
  }
  return { offset: bytes.length, line: text.split('\n').length };
}
