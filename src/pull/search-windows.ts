import { describeOutcome, type HttpClient } from '../sources/live/http-client.js';
import { parseJsonBody } from './json-body.js';
import { isoSeconds } from './time-spec.js';
import { splitWindow, type TimeWindow } from './time-window.js';
import type { TraceStore } from './trace-store.js';

/** One search as the manifest records it. */
export interface SearchedWindow {
  start: string;
  end: string;
  /** Trace ids the search named. */
  traces: number;
  /** The search returned `limit` results, so its halves were searched instead. */
  split: boolean;
}

export interface WindowProblem {
  window: string;
  reason: string;
}

export interface WindowSearch {
  windows: SearchedWindow[];
  /** Distinct, in order of first appearance. */
  traceIds: string[];
  problems: WindowProblem[];
}

/**
 * Searches each window in time order. A search has no cursor and returns at most `limit`
 * traces, so a window that returns `limit` may have had more: it is split in two and each half
 * searched, down to one second. A one-second window still full is named as a problem (traces
 * may be missing), and its traces are kept.
 */
export async function searchWindows(
  store: TraceStore,
  client: HttpClient,
  windows: readonly TimeWindow[],
  limit: number,
): Promise<WindowSearch> {
  const result: WindowSearch = { windows: [], traceIds: [], problems: [] };
  const seen = new Set<string>();
  const pending = [...windows].reverse();
  for (let window = pending.pop(); window !== undefined; window = pending.pop()) {
    const start = isoSeconds(window.start);
    const end = isoSeconds(window.end);
    const name = `${start}..${end}`;
    const request = { method: 'GET' as const, url: store.searchUrl(window, limit) };
    const outcome = await client.send(request);
    const read = outcome.kind === 'failure' ? null : store.readSearch(outcome.status, parseJsonBody(outcome.body));
    if (read === null || !read.ok) {
      result.problems.push({ window: name, reason: describeOutcome(request, outcome, read?.problem) });
      result.windows.push({ start, end, traces: 0, split: false });
      continue;
    }
    const full = read.traceIds.length >= limit;
    const halves = full ? splitWindow(window) : null;
    result.windows.push({ start, end, traces: read.traceIds.length, split: halves !== null });
    if (halves !== null) {
      pending.push(halves[1], halves[0]);
      continue;
    }
    if (full) {
      result.problems.push({
        window: name,
        reason: `the search returned the limit of ${limit} traces even for one second; some traces may be missing (raise --limit)`,
      });
    }
    for (const traceId of read.traceIds) seen.add(traceId);
  }
  result.traceIds = [...seen];
  return result;
}
