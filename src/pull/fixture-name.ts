/** The longest trace id a pull takes. */
export const MAX_TRACE_ID_LENGTH = 512;

/** Why a trace id from a store cannot be pulled (it is skipped), or null when it can. */
export function unusableTraceId(traceId: string): string | null {
  const control = /[\u0000-\u001f\u007f-\u009f]/u.test(traceId);
  if (traceId === '' || traceId === '.' || traceId === '..' || control || traceId.length > MAX_TRACE_ID_LENGTH) {
    const shown = traceId.length > 200 ? `${traceId.slice(0, 200)}… (${traceId.length} characters)` : traceId;
    return `trace id "${shown}" cannot be fetched; expected 1 to ${MAX_TRACE_ID_LENGTH} characters without control characters, not "." or ".."`;
  }
  return null;
}
