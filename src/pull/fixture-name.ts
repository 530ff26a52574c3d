import { createHash } from 'node:crypto';

/**
 * The fixture file of each trace a pull writes: one name per trace id, never the name of another
 * id, of the manifest, or one the file system would refuse or fold together. An id of lower-case
 * letters, digits, `.`, `_` and `-` (as stores give them: hex) of at most 128 characters is its
 * own name, `<id>.json`. Any other id (upper case, which a case-insensitive file system folds
 * into lower case; a `/` or `:`; an over-long id; `manifest`) is named by its readable part and
 * a hash of the whole id, after a `+` that no plain name holds: `<part>+<16 hex digits>.json`.
 */
const PLAIN_ID = /^[a-z0-9][a-z0-9._-]{0,127}$/u;

/** Names the folder holds for itself. */
const RESERVED = new Set(['manifest']);

export function pullFixtureName(traceId: string): string {
  if (PLAIN_ID.test(traceId) && !RESERVED.has(traceId)) return `${traceId}.json`;
  const part = traceId
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/gu, '_')
    .replace(/^[._-]+/u, '')
    .slice(0, 64);
  const hash = createHash('sha256').update(traceId, 'utf8').digest('hex').slice(0, 16);
  return `${part}+${hash}.json`;
}

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
