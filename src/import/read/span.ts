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

/** Where a reader found something: the export file as displayed, and its JSON Lines line (null for a whole document). */
export interface Place {
  file: string;
  line: number | null;
}

/**
 * Where everything read from an export goes, as it is read: the one interface between the
 * readers (and the file reader above them) and whatever collects their spans.
 */
export interface ImportSink {
  span(span: ImportedSpan, place: Place): void;
  /** An event recorded for a trace outside its spans (an OTLP log record). */
  traceEvent(traceId: string, event: SpanEvent, place: Place): void;
  /** A trace the document lists without any span (Jaeger's `data[].spans` empty). */
  emptyTrace(traceId: string, place: Place): void;
  /** A part of the input was not usable and was left out; the import then exits 1. */
  skipped(message: string, place: Place): void;
  /** Attributes the mapping never reads are dropped at read time, so that large exports stay small in memory. */
  keepAttribute(key: string): boolean;
  /**
   * A line of JSON Lines, or a whole document, has been read: what is complete can be handed on.
   * Awaited, so that a sink writing what it hands on can hold the reading back.
   */
  settle?(): void | Promise<void>;
}
