import { isRecord } from '../../io/validation/is-record.js';
import { readResourceSpans } from './otlp.js';
import type { ImportSink, Place } from './span.js';

/**
 * Grafana Tempo's trace JSON: `{"batches": [...]}` (API v1, often with the pre-1.0
 * `instrumentationLibrarySpans` and enum names such as `SPAN_KIND_SERVER`), or API v2's
 * `{"trace": {"resourceSpans"|"batches": [...]}}`. A batch is an OTLP `ResourceSpans`.
 */
export function readTempoDocument(document: Record<string, unknown>, sink: ImportSink, place: Place): void {
  readResourceSpans(tempoBatches(document) ?? [], sink, place);
}

export function tempoBatches(document: Record<string, unknown>): unknown[] | null {
  if (Array.isArray(document.batches)) return document.batches;
  const trace = document.trace;
  if (isRecord(trace)) {
    if (Array.isArray(trace.batches)) return trace.batches;
    if (Array.isArray(trace.resourceSpans)) return trace.resourceSpans;
  }
  return null;
}
