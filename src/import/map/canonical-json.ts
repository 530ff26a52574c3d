/**
 * JSON text that is the same for the same value, whatever the order of its keys: tool arguments
 * compared when a requested call is paired with the span that ran it, and spans compared when
 * an export gives one span id twice. A bigint (a span's nanosecond times) is written as its digits.
 */
export function canonicalJson(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
