import type { TimeWindow } from './time-window.js';

/** What a search response came to: the trace ids it names, in the order given. */
export type SearchResult = { ok: true; traceIds: string[] } | { ok: false; problem: string };

/**
 * A trace store's query API as `pull` uses it: a search per time window that names trace ids,
 * then one request per trace. The store does the filtering; pull only pages by time.
 */
export interface TraceStore {
  readonly name: 'tempo' | 'jaeger';
  searchUrl(window: TimeWindow, limit: number): URL;
  /**
   * A status the store uses for "nothing found" (Jaeger answers 404) reads as an empty result;
   * null for any other status that is not 2xx, which the outcome's description names itself.
   */
  readSearch(status: number, json: unknown): SearchResult | null;
  traceUrl(traceId: string): URL;
  /** The export document inside a trace response (OTLP/JSON or Tempo's own), for the importer. */
  traceDocument(json: unknown): unknown;
}

/** `base` + `path`, keeping a path prefix of the base (a store behind `/tempo/` or `/select/jaeger/`). */
export function apiUrl(base: URL, path: string): URL {
  const url = new URL(base.href);
  url.pathname = `${url.pathname.replace(/\/+$/u, '')}${path}`;
  url.search = '';
  url.hash = '';
  return url;
}
