import { createHash } from 'node:crypto';
import type { TraceDocument } from '../trace/types.js';

/**
 * The bytes of a converted trace as a fixture file: 2-space indent and a final newline. The
 * document's keys are already in a fixed order (see map/to-trace.ts), so the same input always
 * gives the same bytes.
 */
export function formatTraceJson(document: TraceDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * The fixture file of a trace named by its id (`import` without a case for it, `pull`): one name
 * per trace id, never the name of another id, of a pull's manifest, or one the file system would
 * refuse or fold together. An id of lower-case letters, digits, `.`, `_` and `-` (as exporters
 * and stores give them: hex) of at most 128 characters is its own name, `<id>.json`. Any other
 * id (upper case, which a case-insensitive file system folds into lower case; a `/` or `:`; an
 * over-long id; `manifest`) is named by its readable part and a hash of the whole id, after a
 * `+` that no plain name holds: `<part>+<16 hex digits>.json`.
 */
export function traceFileName(traceId: string): string {
  if (PLAIN_ID.test(traceId) && !RESERVED.has(traceId)) return `${traceId}.json`;
  const part = traceId
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/gu, '_')
    .replace(/^[._-]+/u, '')
    .slice(0, 64);
  const hash = createHash('sha256').update(traceId, 'utf8').digest('hex').slice(0, 16);
  return `${part}+${hash}.json`;
}

const PLAIN_ID = /^[a-z0-9][a-z0-9._-]{0,127}$/u;

/** Names a fixture folder holds for itself (`pull`'s manifest.json). */
const RESERVED = new Set(['manifest']);
