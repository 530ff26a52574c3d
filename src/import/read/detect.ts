import { plural } from '../../checks/support.js';
import { isRecord } from '../../io/validation/is-record.js';
import type { ImportFormat } from '../format.js';
import { otlpResourceSpans, tempoBatches } from './otlp.js';
import { isSpanDict } from './span-dicts.js';

/**
 * Which export a parsed JSON document is, by content alone: the top-level field that only that
 * format has. null when it is none of them.
 */
export function detectFormat(document: unknown): ImportFormat | null {
  if (Array.isArray(document)) return document.length > 0 && document.every(isSpanDict) ? 'spans' : null;
  if (!isRecord(document)) return null;
  if (otlpResourceSpans(document) !== null || Array.isArray(document.resourceLogs)) return 'otlp';
  if (tempoBatches(document) !== null) return 'tempo';
  if (
    Array.isArray(document.data) &&
    document.data.every((entry) => isRecord(entry) && ('spans' in entry || 'traceID' in entry))
  ) {
    return 'jaeger';
  }
  if (isSpanDict(document)) return 'spans';
  // any-agent's AgentTrace: `{"spans": [span dictionaries], "final_output": …}`.
  if (Array.isArray(document.spans) && document.spans.length > 0 && document.spans.every(isSpanDict)) return 'spans';
  return null;
}

/**
 * A short description of what a document is, for the message that rejects it: its top-level
 * shape, and the name of a known trace-like format that the importer does not read.
 */
export function describeDocument(document: unknown): string {
  const shape = describeShape(document);
  const known = recogniseForeignFormat(document);
  return known === null ? shape : `${shape}, which looks like ${known}`;
}

function describeShape(document: unknown): string {
  if (Array.isArray(document)) return `a JSON array of ${plural(document.length, 'item')}`;
  if (!isRecord(document)) return `a JSON ${document === null ? 'null' : typeof document}`;
  const keys = Object.keys(document);
  if (keys.length === 0) return 'an empty JSON object';
  const shown = keys
    .slice(0, 6)
    .map((key) => `"${key}"`)
    .join(', ');
  return `a JSON object with keys ${shown}${keys.length > 6 ? ', …' : ''}`;
}

/** Formats seen beside real trace exports that people may try to import. */
const FOREIGN_FORMATS: { name: string; test: (document: Record<string, unknown>) => boolean }[] = [
  { name: 'an error response from the Jaeger query API', test: (d) => d.data === null && Array.isArray(d.errors) },
  { name: 'a Langfuse trace export', test: (d) => isRecord(d.trace) && Array.isArray(d.observations) },
  { name: 'a Google ADK EvalSet (expected results, not a trace)', test: (d) => Array.isArray(d.eval_cases) },
  { name: 'a SWE-agent trajectory', test: (d) => Array.isArray(d.trajectory) && Array.isArray(d.history) },
  { name: 'an AIOpsLab ground-truth file', test: (d) => Array.isArray(d.key_commands) },
];

function recogniseForeignFormat(document: unknown): string | null {
  if (Array.isArray(document) && document.some((item) => isRecord(item) && 'traj' in item && 'reward' in item)) {
    return 'a tau-bench result list';
  }
  if (!isRecord(document)) return null;
  return FOREIGN_FORMATS.find((format) => format.test(document))?.name ?? null;
}
