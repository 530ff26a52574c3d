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
  // isUtf8 validates strictly (as a fatal TextDecoder does) without the decoder's set-up cost.
  if (isUtf8(bytes)) {
    const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const start = buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
    return { ok: true, text: buffer.toString('utf8', start) };
  }
  const offset = firstInvalidUtf8Offset(bytes);
  const byte = (bytes[offset] ?? 0).toString(16).padStart(2, '0');
  return {
    ok: false,
    problem: `not UTF-8 text (byte 0x${byte} at offset ${offset}, line ${lineOf(bytes, offset)}, is not valid UTF-8); expected a UTF-8 encoded file`,
  };
}

/**
 * Where the first invalid sequence starts, so the message points at the offending byte (for a
 * Latin-1 `é`, the `é` itself, not the byte after it). Follows the well-formed byte sequences
 * of the Unicode standard (table 3-7): no overlong forms, no surrogates, nothing above U+10FFFF.
 */
function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    const lead = bytes[index] as number;
    if (lead < 0x80) {
      index += 1;
      continue;
    }
    const rule = sequenceRule(lead);
    if (rule === null) return index;
    for (let position = 1; position < rule.length; position += 1) {
      const next = bytes[index + position];
      const [low, high] = position === 1 ? rule.second : [0x80, 0xbf];
      if (next === undefined || next < low || next > high) return index;
    }
    index += rule.length;
  }
  return bytes.length;
}

function sequenceRule(lead: number): { length: number; second: [number, number] } | null {
  if (lead >= 0xc2 && lead <= 0xdf) return { length: 2, second: [0x80, 0xbf] };
  if (lead === 0xe0) return { length: 3, second: [0xa0, 0xbf] };
  if (lead === 0xed) return { length: 3, second: [0x80, 0x9f] };
  if (lead >= 0xe1 && lead <= 0xef) return { length: 3, second: [0x80, 0xbf] };
  if (lead === 0xf0) return { length: 4, second: [0x90, 0xbf] };
  if (lead >= 0xf1 && lead <= 0xf3) return { length: 4, second: [0x80, 0xbf] };
  if (lead === 0xf4) return { length: 4, second: [0x80, 0x8f] };
  return null;
}

function lineOf(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let index = 0; index < offset; index += 1) if (bytes[index] === 0x0a) line += 1;
  return line;
}
