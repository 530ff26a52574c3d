/**
 * `startedAt` on tool invocations and agent steps (docs/contract.md §3): ISO-8601 text or epoch
 * milliseconds, read as epoch milliseconds so that both forms compare.
 *
 * Only the extended ISO-8601 form is accepted (`2024-06-11T14:05:10.250+08:00`, a space or `T`
 * between date and time, seconds and fractions optional, `Z` or an offset optional). Text without an
 * offset is read as UTC, never as the host's local time: the result must not depend on the machine.
 * Date.parse is not used because what it accepts beyond the ISO form differs between engines.
 */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?$/u;

const MAX_EPOCH_MS = 8.64e15;

/** Epoch milliseconds, or null when `value` is neither a date-time text nor a finite number of milliseconds. */
export function parseTimestamp(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) <= MAX_EPOCH_MS ? value : null;
  if (typeof value !== 'string') return null;
  const match = ISO_DATE_TIME.exec(value.trim());
  if (match === null) return null;
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = match.slice(1, 7).map((field) => Number(field ?? 0));
  const [fraction = '', , sign, offsetHours, offsetMinutes] = match.slice(7);
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) return null;
  // setUTCFullYear, unlike Date.UTC, reads years 0-99 as written.
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, 0);
  let epoch = date.getTime();
  if (fraction !== '') epoch += Number(`0.${fraction}`) * 1000;
  if (sign !== undefined) {
    const oh = Number(offsetHours);
    const om = Number(offsetMinutes);
    if (oh > 23 || om > 59) return null;
    const offset = (oh * 60 + om) * 60_000;
    epoch += sign === '+' ? -offset : offset;
  }
  return epoch;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
