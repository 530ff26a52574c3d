import { normalizeId } from '../import/read/values.js';
import { InputError } from '../io/errors.js';
import { isRecord } from '../io/validation/is-record.js';
import { isoSeconds } from './time-spec.js';
import { apiUrl, type SearchResult, type TraceStore } from './trace-store.js';

/** Search parameters pull sets itself from --since/--until/--window/--limit. */
const OWNED = new Set(['start_time_min', 'start_time_max', 'search_depth']);

/**
 * Jaeger's api_v3 over HTTP: `GET /api/v3/traces?query.service_name=…&query.start_time_min=…&
 * query.start_time_max=…&query.search_depth=…` answers the matching traces as OTLP wrapped in
 * `{"result": …}` (several such objects, one per line, when streamed); no trace found is a 404.
 * `GET /api/v3/traces/{traceID}` answers one trace the same way.
 *
 * `--query` is the search's own parameters in URL-query form without the `query.` prefix, e.g.
 * `service_name=checkout&operation_name=invoke_agent`; `service_name` is required, as Jaeger requires it.
 */
export function createJaegerStore(base: URL, query: string, command: string): TraceStore {
  const params = new URLSearchParams(query.trim());
  const owned = [...params.keys()].filter((key) => OWNED.has(key.replace(/^query\./u, '')));
  if (owned.length > 0 || params.get('service_name') === null) {
    throw new InputError(
      `diag-eval ${command}: --query: found "${query}", expected Jaeger search parameters such as service_name=checkout&operation_name=invoke_agent ` +
        `(service_name required; ${[...OWNED].join(', ')} are set from --since, --until, --window and --limit)`,
    );
  }
  return {
    name: 'jaeger',
    searchUrl(window, limit) {
      const url = apiUrl(base, '/api/v3/traces');
      for (const [key, value] of params) url.searchParams.append(`query.${key.replace(/^query\./u, '')}`, value);
      url.searchParams.set('query.start_time_min', isoSeconds(window.start));
      url.searchParams.set('query.start_time_max', isoSeconds(window.end));
      url.searchParams.set('query.search_depth', String(limit));
      return url;
    },
    readSearch(status, json): SearchResult | null {
      if (status === 404) return { ok: true, traceIds: [] };
      if (status < 200 || status >= 300) return null;
      const chunks = Array.isArray(json) ? json : [json];
      const seen = new Set<string>();
      for (const chunk of chunks) {
        if (!isRecord(chunk) || !isRecord(chunk['result']))
          return { ok: false, problem: 'expected {"result": {"resourceSpans": …}}' };
        for (const traceId of traceIdsOf(chunk['result'])) seen.add(traceId);
      }
      return { ok: true, traceIds: [...seen] };
    },
    traceUrl(traceId) {
      return apiUrl(base, `/api/v3/traces/${encodeURIComponent(traceId)}`);
    },
    traceDocument(json) {
      const chunks = Array.isArray(json) ? json : [json];
      const results = chunks.map((chunk) => (isRecord(chunk) && isRecord(chunk['result']) ? chunk['result'] : chunk));
      if (results.length === 1) return results[0];
      // A streamed answer: the resource spans of every chunk, as one OTLP document.
      return { resourceSpans: results.flatMap((result) => listAt(result, 'resourceSpans')) };
    },
  };
}

/** The distinct trace ids of the spans in an OTLP document, in order of appearance. */
function traceIdsOf(document: unknown): string[] {
  const spans = listAt(document, 'resourceSpans')
    .flatMap((resource) => listAt(resource, 'scopeSpans'))
    .flatMap((scope) => listAt(scope, 'spans'));
  const ids = spans.map((span) => (isRecord(span) ? normalizeId(span['traceId'], 'trace') : null));
  return [...new Set(ids.filter((id) => id !== null))];
}

/** The list at `key` of an object, or none. */
function listAt(value: unknown, key: string): unknown[] {
  const list = isRecord(value) ? value[key] : undefined;
  return Array.isArray(list) ? list : [];
}
