/**
 * Trace and span ids in one form, lowercase hex, so that spans group and link whatever the
 * exporter wrote: OTLP/JSON says hex, but protobuf-JSON encoders (Tempo's API among them)
 * write the bytes as base64, and some SDK dumps write the integer in decimal.
 */
export type IdKind = 'trace' | 'span';

const HEX_DIGITS: Record<IdKind, number> = { trace: 32, span: 16 };

/** null when the id is absent, empty or all zeros (OTLP's "no id"). */
export function normalizeId(value: unknown, kind: IdKind): string | null {
  const id = decode(value, kind);
  return id === null || /^0+$/u.test(id) ? null : id;
}

function decode(value: unknown, kind: IdKind): string | null {
  if (typeof value === 'bigint') return value >= 0n ? fromInteger(value, kind) : null;
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? fromInteger(BigInt(value), kind) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  // A 16- or 32-digit string is taken as hex even when all its digits are decimal: that is what the OTLP spec writes.
  if (/^[0-9a-f]+$/iu.test(text) && (text.length === 16 || text.length === 32)) return text.toLowerCase();
  if (/^\d+$/u.test(text)) return fromInteger(BigInt(text), kind);
  const bytes = decodeBase64(text);
  if (bytes !== null) return bytes;
  if (/^[0-9a-f]+$/iu.test(text)) return text.toLowerCase().padStart(HEX_DIGITS[kind], '0');
  return text;
}

function fromInteger(value: bigint, kind: IdKind): string {
  return value.toString(16).padStart(HEX_DIGITS[kind], '0');
}

function decodeBase64(text: string): string | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/u.test(text)) return null;
  const bytes = Buffer.from(text, text.includes('-') || text.includes('_') ? 'base64url' : 'base64');
  if (bytes.length !== 8 && bytes.length !== 16) return null;
  const reencoded = bytes.toString(text.includes('-') || text.includes('_') ? 'base64url' : 'base64');
  return reencoded.replace(/=+$/u, '') === text.replace(/=+$/u, '') ? bytes.toString('hex') : null;
}
