import { normalizeId } from '../import/read/values.js';
import { isRecord } from '../io/validation/is-record.js';
import { apiUrl, type SearchResult, type TraceStore } from './trace-store.js';

/**
 * Grafana Tempo's HTTP API: `GET /api/search?q=<TraceQL>&start=&end=&limit=` (start and end in
 * epoch seconds) answers `{"traces": [{"traceID": …}, …]}`, at most `limit` of them, in no
 * promised order and with no cursor; `GET /api/v2/traces/{traceID}` answers `{"trace": <OTLP>}`
 * (the older `/api/traces` shape, `{"batches": …}`, is accepted too).
 */
export function createTempoStore(base: URL, traceQl: string): TraceStore {
  return {
    name: 'tempo',
    searchUrl(window, limit) {
      const url = apiUrl(base, '/api/search');
      url.searchParams.set('q', traceQl);
      url.searchParams.set('start', String(window.start));
      url.searchParams.set('end', String(window.end));
      url.searchParams.set('limit', String(limit));
      return url;
    },
    readSearch(status, json): SearchResult | null {
      if (status < 200 || status >= 300) return null;
      const traces = isRecord(json) ? (json['traces'] ?? []) : null;
      if (!Array.isArray(traces)) return { ok: false, problem: 'expected {"traces": [{"traceID": …}]}' };
      const traceIds: string[] = [];
      for (const entry of traces) {
        // Tempo writes trace ids in hex and drops leading zeros; normalizeId pads them back.
        const id = isRecord(entry) ? normalizeId(entry['traceID'] ?? entry['traceId'], 'trace') : null;
        if (id === null) return { ok: false, problem: 'expected every entry of "traces" to have a "traceID"' };
        traceIds.push(id);
      }
      return { ok: true, traceIds };
    },
    traceUrl(traceId) {
      return apiUrl(base, `/api/v2/traces/${encodeURIComponent(traceId)}`);
    },
    traceDocument(json) {
      return isRecord(json) && isRecord(json['trace']) ? json['trace'] : json;
    },
  };
}
