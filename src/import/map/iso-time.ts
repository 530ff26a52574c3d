/**
 * A span time (integer nanoseconds) as ISO-8601 text in UTC, to the millisecond, as
 * `Date.prototype.toISOString` writes it; null for a time no Date can hold.
 *
 * Every agent step and tool invocation of an import gets one, and toISOString costs about a
 * microsecond: the date part is taken from it once per day (the spans of a trace, and of an
 * export, mostly share one) and the time of day is written here, the same digits.
 */
export function isoTime(ns: bigint): string | null {
  const ms = Number(ns / 1_000_000n);
  const day = Math.floor(ms / DAY_MS);
  if (day !== lastDay.day) lastDay = { day, prefix: datePrefix(day) };
  if (lastDay.prefix === null || !(Math.abs(ms) <= MAX_DATE_MS)) return null;
  let rest = ms - day * DAY_MS;
  const millisecond = rest % 1000;
  rest = (rest - millisecond) / 1000;
  const second = rest % 60;
  rest = (rest - second) / 60;
  const minute = rest % 60;
  const hour = (rest - minute) / 60;
  return `${lastDay.prefix}${two(hour)}:${two(minute)}:${two(second)}.${three(millisecond)}Z`;
}

const DAY_MS = 86_400_000;
/** The range of a Date, ±100,000,000 days from 1970. */
const MAX_DATE_MS = 8.64e15;

/** `2026-04-30T` (or `+012345-01-01T` beyond the year 9999), null when the day's start is no valid Date. */
function datePrefix(day: number): string | null {
  const date = new Date(day * DAY_MS);
  if (Number.isNaN(date.getTime())) return null;
  const text = date.toISOString();
  return text.slice(0, text.indexOf('T') + 1);
}

let lastDay: { day: number; prefix: string | null } = { day: Number.NaN, prefix: null };

function two(value: number): string {
  return value < 10 ? `0${value}` : `${value}`;
}

function three(value: number): string {
  return value < 10 ? `00${value}` : value < 100 ? `0${value}` : `${value}`;
}
