/**
 * The one span model every reader produces, whatever the export format: ids as lowercase hex,
 * times as integer nanoseconds (bigint, so that 64-bit timestamps keep every digit), attributes
 * flattened to plain JSON values.
 */
export type AttributeValue = string | number | boolean | null | AttributeValue[] | { [key: string]: AttributeValue };

/** Built with a null prototype, so that a key such as `__proto__` is stored like any other. */
export type Attributes = Record<string, AttributeValue>;

export type SpanKind = 'unspecified' | 'internal' | 'server' | 'client' | 'producer' | 'consumer';

export type StatusCode = 'unset' | 'ok' | 'error';

export interface SpanEvent {
  name: string;
  timeNs: bigint | null;
  attributes: Attributes;
}

export interface ImportedSpan {
  traceId: string;
  spanId: string;
  /** null for a root span. */
  parentSpanId: string | null;
  name: string;
  kind: SpanKind;
  /** null when the export leaves the time unset. */
  startNs: bigint | null;
  endNs: bigint | null;
  status: { code: StatusCode; message: string | null };
  attributes: Attributes;
  events: SpanEvent[];
  /** Shared by every span of one resource (OTLP) or process (Jaeger). */
  resource: Attributes;
}

export function createAttributes(): Attributes {
  return Object.create(null) as Attributes;
}

/** What a reader reports while it walks one document. */
export interface ReadContext {
  span(span: ImportedSpan): void;
  /** An event recorded for a trace outside its spans (an OTLP log record). */
  traceEvent(traceId: string, event: SpanEvent): void;
  /** A trace the document lists without any span (Jaeger's `data[].spans` empty). */
  emptyTrace(traceId: string): void;
  /** A part of the document was not usable and was left out; the import then exits 1. */
  skipped(message: string): void;
  /** Attributes the mapping never reads are dropped at read time, so that large exports stay small in memory. */
  keepAttribute(key: string): boolean;
}
