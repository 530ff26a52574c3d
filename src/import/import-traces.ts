import { resolve } from 'node:path';
import { plural } from '../checks/support.js';
import { InputError } from '../io/errors.js';
import { displayPath } from '../io/files/display-path.js';
import { quotedText } from '../io/validation/describe-value.js';
import type { TraceDocument } from '../trace/types.js';
import type { ImportFormatOption } from './format.js';
import { asText, isMappedAttribute } from './map/conventions.js';
import { compactSpan, RepeatedToolResponses } from './map/span-facts.js';
import { hasRecognisedSpan, toTraceDocument } from './map/to-trace.js';
import type { ImportProblem } from './problems.js';
import { type ExportFile, readExportFile } from './read/file.js';
import type { ImportedSpan, ImportSink } from './read/span.js';
import { type CollectedTrace, type SettledTrace, TraceAssembly } from './trace-assembly.js';

/** Skipped-input messages kept and listed; beyond this many they are only counted. */
export const MAX_KEPT_PROBLEMS = 1000;

/** One trace of an export, converted. */
export interface ImportedTrace {
  /** Lowercase hex. */
  traceId: string;
  /** The export file the trace was first seen in, relative to the working directory, with `/`. */
  file: string;
  document: TraceDocument;
  /** The values of the span attributes asked for by `matchAttributes`, by attribute, each once (S74). */
  matchValues?: Record<string, string[]>;
}

export interface ImportResult {
  /** In order of first appearance across the files, as given (none when the traces were handed to `onTrace`). */
  traces: ImportedTrace[];
  /** What was left out; the rest was converted. */
  skipped: ImportProblem[];
  /** Traces converted, but in which the mapping recognised no run, model or tool span: their fixtures are empty. */
  unrecognised: ImportProblem[];
}

export interface ImportOptions {
  /**
   * Takes each trace as soon as it is converted, instead of the result holding them all, so that
   * memory does not grow with the export. `index` is the trace's place in the order of first
   * appearance. A trace more of which turns up later (out of order, in another file) is handed
   * on again, whole, with the same index: the last hand-over of an index is the one that counts.
   * Awaited when it returns a promise, which holds the reading back.
   */
  onTrace?: (trace: ImportedTrace, index: number) => void | Promise<void>;
  /** Span attributes a case matches by (`match: { attribute, equals }`): kept while reading and given in `matchValues`. */
  matchAttributes?: readonly string[];
}

/**
 * Reads OTLP/JSON, Jaeger and Tempo exports and OpenTelemetry SDK span dictionaries and converts every trace in them (docs/contract.md §9).
 * Throws an InputError naming every file that cannot be used — unreadable, of no known format,
 * or holding no trace — after reading them all, so that one run reports every such file.
 */
export async function importTraces(
  files: readonly string[],
  from: ImportFormatOption,
  cwd: string,
  options: ImportOptions = {},
): Promise<ImportResult> {
  if (files.length === 0)
    throw new InputError(
      'import: expected at least one FILE, a trace export (OTLP/JSON, Jaeger, Tempo or span dictionaries)',
    );
  return importExports(
    files.map((file) => ({ path: resolve(cwd, file), display: displayPath(file, cwd) })),
    from,
    options,
  );
}

/**
 * The same for an export held in memory (a trace fetched by `pull`; `name` is how messages name
 * it): one conversion, with one set of rules, whatever the traces came from.
 */
export async function importText(
  input: { name: string; text: string },
  from: ImportFormatOption,
  options: ImportOptions = {},
): Promise<ImportResult> {
  return importExports([{ text: input.text, display: input.name }], from, options);
}

async function importExports(
  exports: readonly ExportFile[],
  from: ImportFormatOption,
  options: ImportOptions,
): Promise<ImportResult> {
  const matchAttributes = [...new Set(options.matchAttributes ?? [])];
  const keepForMatching = new Set(matchAttributes);
  const keepAttribute = (key: string) => isMappedAttribute(key) || keepForMatching.has(key);
  const { assembly, sink: collect } = collecting((traceId, assembled) => !assembled.isLate(traceId), keepAttribute, {
    dropRepeatedResponses: true,
  });
  const skipped: ImportProblem[] = [];
  let unkept = 0;
  // Kept up to a bound, counted beyond it: an export of millions of bad lines must not hold a message for each.
  const skip = (problem: ImportProblem): void => {
    if (skipped.length < MAX_KEPT_PROBLEMS) skipped.push(problem);
    else unkept += 1;
  };
  const unusable: string[] = [];
  const traces: ImportedTrace[] = [];
  const unrecognised: (ImportProblem | undefined)[] = [];
  const handOn = async (collected: readonly CollectedTrace[]): Promise<void> => {
    for (const trace of collected) {
      unrecognised[trace.index] = hasRecognisedSpan(trace.spans) ? undefined : unrecognisedProblem(trace);
      const imported: ImportedTrace = { traceId: trace.traceId, file: trace.file, document: toTraceDocument(trace) };
      if (matchAttributes.length > 0) imported.matchValues = attributeValues(trace.spans, matchAttributes);
      if (options.onTrace === undefined) traces[trace.index] = imported;
      else await options.onTrace(imported, trace.index);
    }
  };
  const sink: ImportSink = {
    ...collect,
    emptyTrace: (traceId, place) => assembly.addEmpty(traceId, place.file, place.line),
    skipped: (message, place) => skip({ file: place.file, line: place.line, message }),
    settle: () => handOn(assembly.settle()),
  };
  // One file after the other: the order of traces, and so which trace wins a case, follows the command line.
  for (const file of exports) {
    const problem = await readExportFile(file, from, sink);
    if (problem !== null) unusable.push(problem);
  }
  if (unusable.length > 0) throw new InputError(unusable);
  await handOn(assembly.settleAll());
  const late = assembly.lateTraces();
  if (late.size > 0) {
    const again = await collectAgain(exports, from, late, keepAttribute);
    await handOn(again.traces);
    // Read again, each late trace has all its spans: a span given up for another of its id is named by this reading alone.
    for (const problem of again.conflicts) skip(problem);
  }
  if (unkept > 0)
    skipped.push({ file: '(all files)', line: null, message: `${unkept} more skipped lines or spans are not listed` });
  skipped.push(...assembly.tracesWithoutSpans());
  return {
    traces,
    skipped,
    unrecognised: unrecognised.filter((problem) => problem !== undefined),
  };
}

/**
 * An assembly of the traces `takes` accepts (asked with the assembly as it stands) and a sink that
 * feeds it, each span reduced to what the mapping reads as it is read (map/span-facts.ts); the sink
 * takes nothing else. With `dropRepeatedResponses`, a tool response an earlier span of the trace
 * holds is left out of the later ones, which keeps a long run small but makes what a span brings
 * depend on the spans read before it: a trace read again (late, or with a span id given twice)
 * keeps them all, so that it is converted the same whatever the order of the input.
 */
function collecting(
  takes: (traceId: string, assembly: TraceAssembly) => boolean,
  keepAttribute: (key: string) => boolean,
  { dropRepeatedResponses }: { dropRepeatedResponses: boolean },
) {
  const repeatedResponses = new RepeatedToolResponses();
  const assembly = new TraceAssembly(
    (traceId) => repeatedResponses.forget(traceId),
    dropRepeatedResponses ? (span) => repeatedResponses.drop(span) : null,
  );
  const sink: ImportSink = {
    span: (span, place) => {
      if (takes(span.traceId, assembly)) assembly.add(compactSpan(span), place);
    },
    traceEvent: (traceId, event, place) => {
      if (takes(traceId, assembly)) assembly.addEvent(traceId, event, place.file, place.line);
    },
    emptyTrace: () => undefined,
    skipped: () => undefined,
    keepAttribute,
  };
  return { assembly, sink };
}

/**
 * Spans of some traces turned up after the traces were handed on (input out of order), or gave
 * a span id twice: the input is read again for those traces alone, so that each is converted from
 * all its spans, as one pass over the whole input would have it, with the index and file of its
 * first pass. Nothing else is taken the second time (no problem twice) but the spans given up for
 * another of their id, which only this reading, holding every span of those traces, knows.
 */
async function collectAgain(
  exports: readonly ExportFile[],
  from: ImportFormatOption,
  late: ReadonlyMap<string, SettledTrace>,
  keepAttribute: (key: string) => boolean,
): Promise<{ traces: CollectedTrace[]; conflicts: ImportProblem[] }> {
  const { assembly, sink } = collecting((traceId) => late.has(traceId), keepAttribute, {
    dropRepeatedResponses: false,
  });
  for (const file of exports) await readExportFile(file, from, sink);
  const traces = assembly
    .settleAll()
    .map((trace) => ({ ...trace, ...late.get(trace.traceId) }))
    .sort((a, b) => a.index - b.index);
  return { traces, conflicts: assembly.conflicts() };
}

function unrecognisedProblem({ traceId, spans, file }: CollectedTrace): ImportProblem {
  const names = [...new Set(spans.map((span) => span.name))];
  const shown = names
    .slice(0, 5)
    .map((name) => JSON.stringify(quotedText(name)))
    .join(', ');
  const message =
    `trace ${quotedText(traceId)}: no agent, model or tool span recognised among its ${plural(spans.length, 'span')} (${shown}${names.length > 5 ? ', …' : ''}); ` +
    'expected gen_ai.operation.name, openinference.span.kind, traceloop.span.kind or ioa_observe.span.kind (docs/import.md); its fixture holds only what the root span gives';
  return { file, line: null, message };
}

/** Each asked-for attribute's values on the trace's spans (text, numbers and booleans as text). */
function attributeValues(spans: readonly ImportedSpan[], keys: readonly string[]): Record<string, string[]> {
  return Object.fromEntries(
    keys.map((key) => [key, [...new Set(spans.flatMap((span) => asText(span.attributes[key]) ?? []))]]),
  );
}
