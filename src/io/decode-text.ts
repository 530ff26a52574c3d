/**
 * Decodes a file's bytes as UTF-8. A leading byte-order mark is dropped (editors on some
 * systems add one); bytes that are not UTF-8 are an error rather than silently replaced,
 * since a replaced character can make a keyword check pass or fail for the wrong reason.
 */
export type DecodedText = { ok: true; text: string } | { ok: false; problem: string };

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export function decodeUtf8(bytes: Uint8Array): DecodedText {
  try {
    return { ok: true, text: strictUtf8.decode(bytes) };
  } catch {
    return { ok: false, problem: `not UTF-8 text (byte ${firstInvalidUtf8Offset(bytes)} is not valid UTF-8); expected a UTF-8 encoded file` };
  }
}

/** Finds where decoding broke, so the message can point at it. */
function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  let low = 0;
  let high = bytes.length;
  // Binary search on prefixes: a prefix decodes (non-fatally cut) until it contains the bad byte.
  while (low < high) {
    const middle = (low + high) >>> 1;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, middle + 1), { stream: true });
      low = middle + 1;
    } catch {
      high = middle;
    }
  }
  return low;
}
