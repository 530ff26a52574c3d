import { InputError } from '../io/errors.js';

/** The export formats `diag-eval import --from` names (docs/contract.md §9). */
export const IMPORT_FORMATS = ['otlp', 'jaeger', 'tempo', 'spans'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** `--from`: a format, or `auto` to tell them apart by content. */
export type ImportFormatOption = 'auto' | ImportFormat;

export const FORMAT_SHAPES: Record<ImportFormat, string> = {
  otlp: 'OTLP/JSON {"resourceSpans": […]} (one document, or JSON Lines with one per line)',
  jaeger: 'Jaeger query-API JSON {"data": [{"traceID", "spans", "processes"}]}',
  tempo: 'a Grafana Tempo export {"batches": […]}',
  spans:
    'OpenTelemetry SDK span dictionaries [{"name", "context": {"trace_id", "span_id"}, …}] (a JSON list, or ConsoleSpanExporter output)',
};

export function expectedShapes(option: ImportFormatOption): string {
  if (option !== 'auto') return `${FORMAT_SHAPES[option]} (--from ${option})`;
  return `${FORMAT_SHAPES.otlp}, ${FORMAT_SHAPES.jaeger}, ${FORMAT_SHAPES.tempo} or ${FORMAT_SHAPES.spans}`;
}

export function parseImportFormatOption(value: string): ImportFormatOption {
  const option = value.trim().toLowerCase();
  if (option === 'auto' || (IMPORT_FORMATS as readonly string[]).includes(option)) return option as ImportFormatOption;
  throw new InputError(`--from: expected one of auto, ${IMPORT_FORMATS.join(', ')}; found "${value}"`);
}
