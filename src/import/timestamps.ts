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
 * Milliseconds from nanoseconds, exact to the nanosecond: the decimal text is built from the
 * integer parts and read once, so 1.000001 ms stays 1.000001 and not 1.0000010000000001.
 */
export function nanosecondsToMilliseconds(nanoseconds: bigint): number {
  const negative = nanoseconds < 0n;
  const magnitude = negative ? -nanoseconds : nanoseconds;
  const whole = magnitude / 1_000_000n;
  const fraction = magnitude % 1_000_000n;
  const text = fraction === 0n ? `${whole}` : `${whole}.${fraction.toString().padStart(6, '0').replace(/0+$/u, '')}`;
  return Number(negative ? `-${text}` : text);
}

/** end − start in milliseconds; null when either end is unknown or the span ends before it starts. */
export function spanDurationMs(startNs: bigint | null, endNs: bigint | null): number | null {
  if (startNs === null || endNs === null || endNs < startNs) return null;
  return nanosecondsToMilliseconds(endNs - startNs);
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
