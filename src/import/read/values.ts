/**
 * The values of a span as exporters write them, made uniform for every reader: attribute values
 * (OTLP AnyValue, Jaeger tags, plain JSON), span kinds and status codes, trace and span ids,
 * timestamps.
 */

import { isRecord } from '../../io/validation/is-record.js';
import { type Attributes, type AttributeValue, createAttributes, type SpanKind, type StatusCode } from './span.js';

/**
 * OTLP `AnyValue` and `KeyValue` lists flattened to plain JSON values. Values a JSON file cannot
 * hold exactly stay text: an int64 beyond 2^53 becomes its decimal string, a non-finite double
 * its name, bytes their base64.
 */
export function flattenKeyValues(list: unknown, keep: (key: string) => boolean = () => true): Attributes {
  const attributes = createAttributes();
  if (!Array.isArray(list)) return attributes;
  for (const entry of list) {
    if (!isRecord(entry) || typeof entry.key !== 'string' || !keep(entry.key)) continue;
    attributes[entry.key] = flattenAnyValue(entry.value);
  }
  return attributes;
}

export function flattenAnyValue(value: unknown): AttributeValue {
  if (!isRecord(value)) return toAttributeValue(value);
  if ('stringValue' in value)
    return typeof value.stringValue === 'string' ? value.stringValue : toAttributeValue(value.stringValue);
  if ('boolValue' in value) return value.boolValue === true || value.boolValue === 'true';
  if ('intValue' in value) return integerValue(value.intValue);
  if ('doubleValue' in value) return doubleValue(value.doubleValue);
  if ('bytesValue' in value) return typeof value.bytesValue === 'string' ? value.bytesValue : null;
  if ('arrayValue' in value) {
    const values = isRecord(value.arrayValue) ? value.arrayValue.values : undefined;
    return Array.isArray(values) ? values.map(flattenAnyValue) : [];
  }
  if ('kvlistValue' in value) {
    const values = isRecord(value.kvlistValue) ? value.kvlistValue.values : undefined;
    return flattenKeyValues(values);
  }
  return null;
}

/** A JS number when exact, else the decimal text. */
export function integerValue(value: unknown): AttributeValue {
  const integer = typeof value === 'string' && /^-?\d+$/u.test(value.trim()) ? BigInt(value.trim()) : value;
  if (typeof integer !== 'bigint') return toAttributeValue(integer);
  return Number.isSafeInteger(Number(integer)) ? Number(integer) : integer.toString();
}

export function doubleValue(value: unknown): AttributeValue {
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return toAttributeValue(value);
}

/** Any parsed JSON value made safe for a JSON file (no bigint). */
export function toAttributeValue(value: unknown): AttributeValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return integerValue(value);
  if (Array.isArray(value)) return value.map(toAttributeValue);
  if (typeof value === 'object') {
    const record = createAttributes();
    for (const [key, entry] of Object.entries(value)) record[key] = toAttributeValue(entry);
    return record;
  }
  return null;
}

/**
 * OTLP enums arrive as numbers (the proto values), as proto names (Tempo: `SPAN_KIND_SERVER`,
 * `STATUS_CODE_ERROR`) or as plain words (Jaeger's `span.kind` and `otel.status_code` tags).
 */
const SPAN_KINDS: readonly SpanKind[] = ['unspecified', 'internal', 'server', 'client', 'producer', 'consumer'];
const STATUS_CODES: readonly StatusCode[] = ['unset', 'ok', 'error'];

export function parseSpanKind(value: unknown): SpanKind {
  return parseEnum(value, SPAN_KINDS, 'SPAN_KIND_') ?? 'unspecified';
}

export function parseStatusCode(value: unknown): StatusCode {
  return parseEnum(value, STATUS_CODES, 'STATUS_CODE_') ?? 'unset';
}

function parseEnum<T extends string>(value: unknown, names: readonly T[], prefix: string): T | null {
  if (typeof value === 'number' || typeof value === 'bigint') return names[Number(value)] ?? null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^\d+$/u.test(text)) return names[Number(text)] ?? null;
  const word = text.toUpperCase().startsWith(prefix) ? text.slice(prefix.length) : text;
  return names.find((name) => name === word.toLowerCase()) ?? null;
}

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
  if (typeof value === 'number')
    return Number.isSafeInteger(value) && value >= 0 ? fromInteger(BigInt(value), kind) : null;
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
  const encoding = text.includes('-') || text.includes('_') ? 'base64url' : 'base64';
  const bytes = Buffer.from(text, encoding);
  if (bytes.length !== 8 && bytes.length !== 16) return null;
  const reencoded = bytes.toString(encoding);
  return reencoded.replace(/=+$/u, '') === text.replace(/=+$/u, '') ? bytes.toString('hex') : null;
}

/**
 * Times stay integer nanoseconds (bigint) from the file to the subtraction: a nanosecond epoch
 * timestamp needs 61 bits, more than a double holds exactly.
 */
export type TimeUnit = 'ns' | 'us';

const NANOSECONDS_PER: Record<TimeUnit, bigint> = { ns: 1n, us: 1000n };

/**
 * The latest time read, in nanoseconds: 2^64, beyond any real timestamp (the year 2554) or
 * duration. A larger value (1e30, 1e308) is an unknown time, as if absent, never a crash.
 */
const MAX_NANOSECONDS = 2n ** 64n;

/** null when the value is absent, zero (OTLP's "unset"), negative, not a number, or beyond 2^64 ns. */
export function toNanoseconds(value: unknown, unit: TimeUnit): bigint | null {
  const scale = NANOSECONDS_PER[unit];
  let nanoseconds: bigint | null = null;
  if (typeof value === 'bigint') nanoseconds = value * scale;
  else if (typeof value === 'number' && Number.isFinite(value)) {
    const scaled = value * Number(scale);
    if (!Number.isFinite(scaled) || Math.abs(scaled) > Number(MAX_NANOSECONDS)) return null;
    nanoseconds = Number.isSafeInteger(value) ? BigInt(value) * scale : BigInt(Math.round(scaled));
  } else if (typeof value === 'string' && /^\d+$/u.test(value.trim())) nanoseconds = BigInt(value.trim()) * scale;
  else if (typeof value === 'string' && /^\d+\.\d+$/u.test(value.trim()) && unit === 'us') {
    const [whole = '0', fraction = ''] = value.trim().split('.');
    nanoseconds = BigInt(whole) * scale + BigInt(fraction.slice(0, 3).padEnd(3, '0'));
  }
  return nanoseconds !== null && nanoseconds > 0n && nanoseconds <= MAX_NANOSECONDS ? nanoseconds : null;
}

/**
 * end − start in milliseconds, exact to the nanosecond: the decimal text is built from the integer
 * parts and read once, so 1.000001 ms stays 1.000001 and not 1.0000010000000001. null when either
 * end is unknown or the span ends before it starts.
 */
export function spanDurationMs(startNs: bigint | null, endNs: bigint | null): number | null {
  if (startNs === null || endNs === null || endNs < startNs) return null;
  const nanoseconds = endNs - startNs;
  const whole = nanoseconds / 1_000_000n;
  const fraction = nanoseconds % 1_000_000n;
  return Number(fraction === 0n ? `${whole}` : `${whole}.${fraction.toString().padStart(6, '0').replace(/0+$/u, '')}`);
}

const ISO_TIME = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?\d*(Z|[+-]\d\d:?\d\d)?$/u;

/**
 * ISO-8601 text (`2025-06-05T12:00:00.123456Z`, as the Python SDK writes span times) in integer
 * nanoseconds, every fraction digit kept; no zone means UTC. null when the text is not such a time.
 */
export function isoToNanoseconds(text: string): bigint | null {
  const match = ISO_TIME.exec(text.trim());
  if (match?.[1] === undefined) return null;
  const seconds = Date.parse(`${match[1]}${match[3] ?? 'Z'}`);
  if (Number.isNaN(seconds)) return null;
  const fraction = BigInt((match[2] ?? '').padEnd(9, '0'));
  const nanoseconds = BigInt(seconds) * 1_000_000n + fraction;
  return nanoseconds > 0n ? nanoseconds : null;
}
