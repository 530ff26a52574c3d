import type { TraceDocument } from '../trace/types.js';

/**
 * The bytes of a converted trace as a fixture file: 2-space indent and a final newline. The
 * document's keys are already in a fixed order (see map/to-trace.ts), so the same input always
 * gives the same bytes.
 */
export function formatTraceJson(document: TraceDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** A trace id as a file name: ids are hex, but an exporter's odd id must not leave the folder. */
export function traceFileName(traceId: string): string {
  return `${traceId.replace(/[^A-Za-z0-9._-]/gu, '_')}.json`;
}
