/** A JSON object (not null, not an array): the one test every reader of untrusted JSON needs. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
