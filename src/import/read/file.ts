import { statSync } from 'node:fs';
import { extname } from 'node:path';
import { isStackOverflow } from '../../io/errors.js';
import { type BoundedLine, readBoundedLines } from '../../io/files/bounded-lines.js';
import { notRegularFile, tooLargeText } from '../../io/files/bounded-read.js';
import { withoutByteOrderMark } from '../../io/files/decode-text.js';
import { describeFsErrorWithCode } from '../../io/files/fs-problem.js';
import { formatBytes, MAX_EXPORT_DOCUMENT_BYTES, MAX_EXPORT_LINE_BYTES } from '../../io/files/input-limits.js';
import { type ParsedJson, parseLosslessJson as parseJson } from '../../io/json/parse-json.js';
import { readJsonFile } from '../../io/json/read-json-file.js';
import { isRecord } from '../../io/validation/is-record.js';
import { expectedShapes, type ImportFormat, type ImportFormatOption } from '../format.js';
import { formatImportProblem, type ImportProblem } from '../problems.js';
import { splitConcatenatedJson } from './concatenated-json.js';
import { describeDocument, detectFormat } from './detect.js';
import { readJaegerDocument } from './jaeger.js';
import { readOtlpDocument, readTempoDocument } from './otlp.js';
import type { ImportSink, Place } from './span.js';
import { isSpanDict, readSpanDictsDocument } from './span-dicts.js';

/** An export to read: a file, or text already in memory (a trace fetched by `pull`). */
export type ExportFile =
  | {
      /** Absolute path, for reading. */
      path: string;
      /** As printed and written into reports. */
      display: string;
    }
  | { text: string; display: string };

/** Only span dictionaries come as a bare list, and their reader takes any value; every other format is an object. */
const READERS: Record<ImportFormat, (document: Record<string, unknown>, sink: ImportSink, place: Place) => void> = {
  otlp: readOtlpDocument,
  jaeger: readJaegerDocument,
  tempo: readTempoDocument,
  spans: readSpanDictsDocument,
};

/** The format `--from` lets the document be read as; null when none. */
function formatOf(document: unknown, option: ImportFormatOption): ImportFormat | null {
  const format = detectFormat(document);
  return format === null || (option !== 'auto' && format !== option) ? null : format;
}

/**
 * Reads the document with its format's reader; false when it is nested so deeply that reading it
 * ran out of stack. Such a document is a problem of the input (skipped, or the file refused), not
 * a crash; the readers recurse once per level of an attribute value, as the OTLP AnyValue is defined.
 */
function readWith(format: ImportFormat, document: unknown, sink: ImportSink, place: Place): boolean {
  try {
    READERS[format](document as Record<string, unknown>, sink, place);
    return true;
  } catch (error) {
    if (isStackOverflow(error)) return false;
    throw error;
  }
}

const JSON_LINES_EXTENSIONS = new Set(['.jsonl', '.ndjson']);

/**
 * Reads one export file into the sink. A `.jsonl` / `.ndjson` file, or one whose first line is a
 * whole trace document, is read as JSON Lines, streamed line by line so that memory does not
 * grow with the file (a one-line document reads the same either way); any other file is one
 * JSON document. Returns the problem that makes the file unusable (unreadable, no known format,
 * no trace), or null.
 */
export async function readExportFile(
  file: ExportFile,
  option: ImportFormatOption,
  sink: ImportSink,
): Promise<string | null> {
  let spans = 0;
  let firstSkipped: ImportProblem | null = null;
  const counting: ImportSink = {
    ...sink,
    span: (span, place) => {
      spans += 1;
      sink.span(span, place);
    },
    skipped: (message, place) => {
      firstSkipped ??= { file: place.file, line: place.line, message };
      sink.skipped(message, place);
    },
  };
  try {
    // A stat that fails lands in the catch below, with the other file-system errors.
    const unreadable = 'path' in file ? notReadable(file.path, file.display) : null;
    if (unreadable !== null) return unreadable;
    const probe = !('path' in file) || !JSON_LINES_EXTENSIONS.has(extname(file.path).toLowerCase());
    if ((await readJsonLines(file, option, counting, probe)) === 'not-json-lines') {
      const problem = await readDocument(file, option, counting);
      if (problem !== null) return problem;
    }
  } catch (error) {
    // Only the file system's errors (they carry a code) mean the file is unreadable; others are bugs.
    if ((error as NodeJS.ErrnoException | null)?.code === undefined) throw error;
    return `${file.display}: cannot read the file (${describeFsErrorWithCode(error)}); expected a trace export file`;
  }
  if (spans === 0) {
    const skippedNote = firstSkipped === null ? '' : `; what was skipped first: ${formatImportProblem(firstSkipped)}`;
    return `${file.display}: holds no trace (no span with a trace id and a span id${skippedNote}); expected ${expectedShapes(option)} with at least one span`;
  }
  return null;
}

/** Checked before any open: a FIFO or a device would block the read or never end. */
function notReadable(path: string, display: string): string | null {
  const stats = statSync(path);
  if (stats.isDirectory()) return `${display}: is a directory; expected a trace export file`;
  const kind = notRegularFile(stats);
  return kind === null ? null : `${display}: cannot read the file (it is ${kind}); expected a trace export file`;
}

/** The lines of text in memory, as readBoundedLines gives those of a file. */
async function* textLines(text: string): AsyncGenerator<BoundedLine> {
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    yield Buffer.byteLength(line) > MAX_EXPORT_LINE_BYTES
      ? { number: index + 1, text: null, tooLong: true }
      : { number: index + 1, text: line, tooLong: false };
  }
}

/**
 * Streams the file as JSON Lines. With `probe`, gives up ('not-json-lines') when the first
 * non-blank line is not a whole trace document, before reading any further.
 */
async function readJsonLines(
  file: ExportFile,
  option: ImportFormatOption,
  sink: ImportSink,
  probe: boolean,
): Promise<'read' | 'not-json-lines'> {
  let decided = !probe;
  const lines = 'path' in file ? readBoundedLines(file.path, MAX_EXPORT_LINE_BYTES) : textLines(file.text);
  try {
    for await (const raw of lines) {
      const place: Place = { file: file.display, line: raw.number };
      if (raw.tooLong) {
        // One document on one huge line is read (bounded) as a whole file instead.
        if (!decided) return 'not-json-lines';
        sink.skipped(
          `the line is over the ${formatBytes(MAX_EXPORT_LINE_BYTES)} limit for one line; line skipped`,
          place,
        );
        continue;
      }
      const line = raw.number === 1 ? withoutByteOrderMark(raw.text) : raw.text;
      if (line.trim() === '') continue;
      const parsed = parseJson(line);
      if (!decided) {
        // A one-line document of another kind must get the same message as a pretty-printed one.
        if (!parsed.ok || detectFormat(parsed.value) === null) return 'not-json-lines';
        decided = true;
      }
      if (!parsed.ok) sink.skipped(`not JSON (${parsed.message}); line skipped`, place);
      else {
        readLine(parsed.value, place, option, sink);
        await sink.settle?.();
      }
    }
  } finally {
    await lines.return(undefined);
  }
  return 'read';
}

function readLine(value: unknown, place: Place, option: ImportFormatOption, sink: ImportSink): void {
  const format = formatOf(value, option);
  if (format === null) {
    sink.skipped(`found ${describeDocument(value)}; expected ${expectedShapes(option)}; line skipped`, place);
  } else if (!readWith(format, value, sink, place)) sink.skipped(`${TOO_DEEP}; line skipped`, place);
}

async function readDocument(file: ExportFile, option: ImportFormatOption, sink: ImportSink): Promise<string | null> {
  const read = documentText(file);
  if (typeof read === 'string') return `${file.display}: ${read}; expected ${expectedShapes(option)}`;
  const { text, parsed } = read;
  if (!parsed.ok) {
    // ConsoleSpanExporter output: span dictionaries printed one after the other, pretty-printed.
    const concatenated = option === 'auto' || option === 'spans' ? concatenatedSpanDicts(text) : null;
    if (concatenated !== null) {
      readSpanDictsDocument(concatenated, sink, { file: file.display, line: null });
      await sink.settle?.();
      return null;
    }
    // A JSON Lines file whose first line is broken: read it as such, so that only that line is lost.
    if (looksLikeJsonLines(text)) {
      await readJsonLines(file, option, sink, false);
      return null;
    }
    return `${file.display}: not valid JSON (${parsed.message}); expected ${expectedShapes(option)}`;
  }
  const format = formatOf(parsed.value, option);
  if (format === null) {
    const detected = detectFormat(parsed.value);
    const what = detected === null ? 'unknown trace format' : `a ${detected} export, not ${option}`;
    return `${file.display}: ${what}: found ${describeDocument(parsed.value)}; expected ${expectedShapes(option)}`;
  }
  if (!readWith(format, parsed.value, sink, { file: file.display, line: null })) {
    return `${file.display}: ${TOO_DEEP}; expected ${expectedShapes(option)}`;
  }
  await sink.settle?.();
  return null;
}

/** The whole export's text and its parse, or what keeps it from being read as one document. */
function documentText(file: ExportFile): { text: string; parsed: ParsedJson } | string {
  if (!('path' in file)) {
    const size = Buffer.byteLength(file.text);
    if (size > MAX_EXPORT_DOCUMENT_BYTES)
      return `the file ${tooLargeText(size, MAX_EXPORT_DOCUMENT_BYTES)} for one JSON document`;
    const text = withoutByteOrderMark(file.text);
    return { text, parsed: parseJson(text) };
  }
  const read = readJsonFile(file.path, MAX_EXPORT_DOCUMENT_BYTES, { lossless: true, replaceInvalidUtf8: true });
  if (read.ok) return { text: read.text, parsed: { ok: true, value: read.value } };
  if (read.stage === 'read')
    return read.read.tooLarge === undefined ? read.read.problem : `the file ${read.read.problem} for one JSON document`;
  // Invalid UTF-8 is replaced, never refused, so only a syntax error gets here.
  return read.stage === 'parse' ? { text: read.text, parsed: read.parsed } : read.problem;
}

const TOO_DEEP = 'values nested too deeply to read (attributes within attributes, thousands of levels)';

/** The span dictionaries of a text holding two or more JSON objects one after the other, or null when it is not that. */
function concatenatedSpanDicts(text: string): unknown[] | null {
  const parts = splitConcatenatedJson(text);
  if (parts === null || parts.length < 2) return null;
  const values: unknown[] = [];
  for (const part of parts) {
    const parsed = parseJson(part);
    if (!parsed.ok || !isSpanDict(parsed.value)) return null;
    values.push(parsed.value);
  }
  return values;
}

function looksLikeJsonLines(text: string): boolean {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length < 2) return false;
  return lines.slice(1).some((line) => {
    const parsed = parseJson(line);
    return parsed.ok && isRecord(parsed.value);
  });
}
