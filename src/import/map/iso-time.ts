/** The range of a Date, ±100,000,000 days from 1970. */
const MAX_DATE_MS = 8.64e15;

/**
 * A span time (integer nanoseconds) as ISO-8601 text in UTC, to the millisecond, as
 * `Date.prototype.toISOString` writes it; null for an unknown time or one no Date can hold.
 */
export function isoTime(ns: bigint | null): string | null {
  if (ns === null) return null;
  const ms = Number(ns / 1_000_000n);
  return Math.abs(ms) <= MAX_DATE_MS ? new Date(ms).toISOString() : null;
}
