import { describe, expect, it } from 'vitest';
import { createJaegerStore } from '../../src/pull/jaeger-store.js';
import { searchWindows } from '../../src/pull/search-windows.js';
import { createTempoStore } from '../../src/pull/tempo-store.js';
import type { HttpClient, HttpOutcome } from '../../src/sources/live/http-client.js';

const BASE = new URL('http://127.0.0.1:3200/');
const STORES = {
  tempo: () => createTempoStore(BASE, '{ resource.service.name = "diagnosis" }'),
  jaeger: () => createJaegerStore(BASE, 'service_name=diagnosis', 'pull'),
};

function response(status: number, body: string, attempts = 1): HttpOutcome {
  return { kind: 'response', status, body, contentType: 'application/json', attempts };
}

/** A client that answers every request with the same outcome. */
function answering(outcome: HttpOutcome): HttpClient {
  return { send: async () => outcome };
}

/** 2026-01-01T00:00:00Z, and the one window searched. */
const T0 = 1_767_225_600;
const WINDOW = { start: T0, end: T0 + 900 };
const WINDOW_NAME = '2026-01-01T00:00:00Z..2026-01-01T00:15:00Z';

describe('searchWindows: what a search that gives no trace ids is named (S59, S61)', () => {
  it.each([
    ['tempo', response(500, '{}', 4), 'GET /api/search: HTTP 500 (4 attempts)'],
    ['tempo', response(302, ''), 'GET /api/search: HTTP 302, redirects are not followed (1 attempt)'],
    [
      'tempo',
      response(200, '{"traces": 3}'),
      'GET /api/search: HTTP 200, expected {"traces": [{"traceID": …}]} (1 attempt)',
    ],
    ['tempo', response(200, '<html>'), 'GET /api/search: HTTP 200, expected {"traces": [{"traceID": …}]} (1 attempt)'],
    [
      'tempo',
      response(200, '{"traces": [{"rootServiceName": "diagnosis"}]}'),
      'GET /api/search: HTTP 200, expected every entry of "traces" to have a "traceID" (1 attempt)',
    ],
    ['tempo', { kind: 'failure', error: 'ECONNREFUSED', attempts: 4 }, 'GET /api/search: ECONNREFUSED (4 attempts)'],
    ['jaeger', response(500, '{}', 4), 'GET /api/v3/traces: HTTP 500 (4 attempts)'],
    [
      'jaeger',
      response(200, '{"data": []}'),
      'GET /api/v3/traces: HTTP 200, expected {"result": {"resourceSpans": …}} (1 attempt)',
    ],
  ] as const)('%s: %j is named "%s"', async (kind, outcome, reason) => {
    const search = await searchWindows(STORES[kind](), answering(outcome), [WINDOW], 20);
    expect(search).toEqual({
      windows: [{ start: '2026-01-01T00:00:00Z', end: '2026-01-01T00:15:00Z', traces: 0, split: false }],
      traceIds: [],
      problems: [{ window: WINDOW_NAME, reason }],
    });
  });

  it('jaeger: a 404 is a window where nothing was found, not a problem', async () => {
    const search = await searchWindows(STORES.jaeger(), answering(response(404, '{"error": {}}')), [WINDOW], 20);
    expect(search.problems).toEqual([]);
    expect(search.windows).toEqual([
      { start: '2026-01-01T00:00:00Z', end: '2026-01-01T00:15:00Z', traces: 0, split: false },
    ]);
  });
});
