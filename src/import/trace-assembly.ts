import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { holdTemporary } from '../io/atomic-write.js';
import { createAttributes, type Attributes, type ImportedSpan, type SpanEvent } from './read/span.js';

/** One trace's spans, from however many lines and files they came. */
export interface CollectedTrace {
  traceId: string;
  /** Its place in the order of first appearance across the files: 0, 1, 2, … */
  index: number;
  /** The export file (as displayed) where the trace was first seen. */
  file: string;
  spans: ImportedSpan[];
  /** Events recorded for the trace outside its spans (OTLP log records). */
  events: SpanEvent[];
}

export interface EmptyTrace {
  traceId: string;
  file: string;
  line: number | null;
}

interface OpenTrace {
  traceId: string;
  index: number;
  file: string;
  spans: Map<string, ImportedSpan>;
  events: SpanEvent[];
  /** A span without a parent has been read: the trace is handed on at the next settle. */
  rootRead: boolean;
}

/** A trace already handed on: where its spans wait in the spill file, should more of it turn up. */
interface SettledTrace {
  index: number;
  file: string;
  spill: { position: number; length: number };
}

interface SpilledTrace {
  spans: ImportedSpan[];
  events: SpanEvent[];
  extra: unknown;
}

/**
 * Groups spans by trace id across every line and file, so that a trace the file exporter split
 * over many JSON Lines becomes one trace again, and hands each trace on as soon as it is
 * complete rather than holding every trace to the end. A span id seen twice in a trace (the
 * same export given twice, overlapping exports) counts once: the first is kept.
 *
 * A trace counts as complete once its root span (a span without a parent) has been read and the
 * line or document that held it is done; exporters write a span when it ends, so the root comes
 * last. Its spans then go to a spill file on disk: should a span or an event of the trace turn
 * up later after all (out of order, in another file), the trace is read back, grows, and is
 * handed on again, with the same index. Whatever the order of the input, the last hand-over of
 * each trace holds exactly the spans one pass over all the input would have collected.
 */
export class TraceAssembly {
  private readonly open = new Map<string, OpenTrace>();
  /** Open traces whose root span has been read. */
  private readonly ready = new Set<OpenTrace>();
  private readonly settled = new Map<string, SettledTrace>();
  private readonly empty = new Map<string, EmptyTrace>();
  /** Events of traces no span has been read for (yet). */
  private readonly pendingEvents = new Map<string, { file: string; line: number | null; events: SpanEvent[] }>();
  private nextIndex = 0;
  private spillFolder: string | null = null;
  private spillHold: { release(): void } | null = null;
  private spillDescriptor: number | null = null;
  private spillLength = 0;

  /**
   * `extra` is state kept beside a trace while it is open (the tool responses already kept,
   * see span-facts.ts): `save` gives it when the trace is spilled, `restore` gets it back.
   */
  constructor(private readonly extra: { save(traceId: string): unknown; restore(traceId: string, saved: unknown): void } | null = null) {}

  add(span: ImportedSpan, file: string): void {
    const trace = this.openTrace(span.traceId, file);
    if (!trace.spans.has(span.spanId)) trace.spans.set(span.spanId, span);
    if (span.parentSpanId === null && !trace.rootRead) {
      trace.rootRead = true;
      this.ready.add(trace);
    }
  }

  addEvent(traceId: string, event: SpanEvent, file: string, line: number | null): void {
    const known = this.open.get(traceId) ?? (this.settled.has(traceId) ? this.openTrace(traceId, file) : undefined);
    if (known !== undefined) {
      known.events.push(event);
      return;
    }
    const pending = this.pendingEvents.get(traceId) ?? { file, line, events: [] };
    pending.events.push(event);
    this.pendingEvents.set(traceId, pending);
  }

  addEmpty(traceId: string, file: string, line: number | null): void {
    if (!this.empty.has(traceId)) this.empty.set(traceId, { traceId, file, line });
  }

  /** Traces whose root span has been read, taken out of memory; call when a line or document is done. */
  settle(): CollectedTrace[] {
    if (this.ready.size === 0) return [];
    const ready = [...this.ready].map((trace) => this.handOver(trace));
    this.ready.clear();
    return ready;
  }

  /** Every trace still open, at the end of the input. */
  settleAll(): CollectedTrace[] {
    const remaining = [...this.open.values()].map((trace) => this.handOver(trace));
    this.ready.clear();
    return remaining;
  }

  /** Traces that events were recorded for but that have no span anywhere in the input. */
  eventsWithoutTrace(): EmptyTrace[] {
    return [...this.pendingEvents.entries()].map(([traceId, entry]) => ({ traceId, file: entry.file, line: entry.line }));
  }

  /** Traces listed without spans anywhere in the input. */
  emptyTraces(): EmptyTrace[] {
    return [...this.empty.values()].filter((trace) => !this.open.has(trace.traceId) && !this.settled.has(trace.traceId));
  }

  /** Removes the spill file; the assembly is not used after. */
  close(): void {
    if (this.spillDescriptor !== null) closeSync(this.spillDescriptor);
    if (this.spillFolder !== null) rmSync(this.spillFolder, { recursive: true, force: true });
    this.spillHold?.release();
    this.spillHold = null;
    this.spillDescriptor = null;
    this.spillFolder = null;
  }

  private openTrace(traceId: string, file: string): OpenTrace {
    let trace = this.open.get(traceId);
    if (trace !== undefined) return trace;
    const settled = this.settled.get(traceId);
    if (settled !== undefined) {
      this.settled.delete(traceId);
      const spilled = this.readSpill(settled.spill);
      this.extra?.restore(traceId, spilled.extra);
      const spans = new Map(spilled.spans.map((span) => [span.spanId, span]));
      trace = { traceId, index: settled.index, file: settled.file, spans, events: spilled.events, rootRead: true };
      this.ready.add(trace);
    } else {
      trace = { traceId, index: this.nextIndex, file, spans: new Map(), events: [], rootRead: false };
      this.nextIndex += 1;
      const pending = this.pendingEvents.get(traceId);
      if (pending !== undefined) {
        trace.events = pending.events;
        this.pendingEvents.delete(traceId);
      }
    }
    this.open.set(traceId, trace);
    return trace;
  }

  private handOver(trace: OpenTrace): CollectedTrace {
    const spans = [...trace.spans.values()];
    this.open.delete(trace.traceId);
    const extra = this.extra?.save(trace.traceId);
    this.settled.set(trace.traceId, { index: trace.index, file: trace.file, spill: this.writeSpill({ spans, events: trace.events, extra }) });
    return { traceId: trace.traceId, index: trace.index, file: trace.file, spans, events: trace.events };
  }

  private writeSpill(spilled: SpilledTrace): { position: number; length: number } {
    if (this.spillDescriptor === null) {
      this.spillFolder = mkdtempSync(join(tmpdir(), 'diag-eval-import-'));
      this.spillHold = holdTemporary(this.spillFolder);
      this.spillDescriptor = openSync(join(this.spillFolder, 'spans.bin'), 'w+');
    }
    const bytes = serialize(spilled);
    const position = this.spillLength;
    let written = 0;
    while (written < bytes.length) written += writeSync(this.spillDescriptor, bytes, written, bytes.length - written, position + written);
    this.spillLength += bytes.length;
    return { position, length: bytes.length };
  }

  private readSpill(spill: { position: number; length: number }): SpilledTrace {
    const bytes = Buffer.allocUnsafe(spill.length);
    let read = 0;
    while (read < spill.length) read += readSync(this.spillDescriptor as number, bytes, read, spill.length - read, spill.position + read);
    const spilled = deserialize(bytes) as SpilledTrace;
    // Attributes are kept without a prototype (a key such as `__proto__` is a key like any other); the copy has one.
    for (const span of spilled.spans) {
      span.attributes = withoutPrototype(span.attributes);
      span.resource = withoutPrototype(span.resource);
      for (const event of span.events) event.attributes = withoutPrototype(event.attributes);
    }
    for (const event of spilled.events) event.attributes = withoutPrototype(event.attributes);
    return spilled;
  }
}

function withoutPrototype(attributes: Attributes): Attributes {
  return Object.assign(createAttributes(), attributes);
}
