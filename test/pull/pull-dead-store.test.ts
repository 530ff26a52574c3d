import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { pullTraces } from '../../src/pull/pull-traces.js';
import { createTempoStore } from '../../src/pull/tempo-store.js';
import { createHttpClient, type HttpClient } from '../../src/sources/live/http-client.js';
import { createRedactor } from '../../src/sources/live/redactor.js';
import { countConnectionAttempts } from '../helpers/connection-attempts.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { closedPort } from '../live/simulated-service.js';
import { type FakeTraceStore, otlpDiagnosisTrace, startFakeTraceStore } from './fake-trace-store.js';

const tempDir = useTempDirs();
const stores: FakeTraceStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

/** 2026-01-01T00:00:00Z */
const T0 = 1_767_225_600;

function pullArgs(kind: 'tempo' | 'jaeger', url: string): string[] {
  const query = kind === 'tempo' ? '{ resource.service.name = "diagnosis" }' : 'service_name=diagnosis';
  return [
    'pull',
    '--from',
    kind,
    '--url',
    url,
    '--query',
    query,
    '--since',
    '2026-01-01T00:00:00Z',
    '--until',
    String(T0 + 7200),
    '--window',
    '15m',
    '--out',
    'pulled',
  ];
}

describe('diag-eval pull against a store that does not answer', () => {
  it.each([
    ['tempo', 'a Tempo query API'],
    ['jaeger', 'a Jaeger query API (api_v3)'],
  ] as const)(
    '--from %s at a closed port: one line naming the URL, exit 2, one connection attempt, no folder, fixture or manifest',
    async (kind, expected) => {
      const port = await closedPort();
      const cwd = tempDir();
      const fake = createFakeIo({ cwd });
      const attempts = countConnectionAttempts(port);
      try {
        // Eight windows to search: none after the first is tried.
        const code = await main(pullArgs(kind, `http://user:pw-4d3c2b1a@127.0.0.1:${port}/?tenant=t-9z8y7x`), fake.io);
        expect(code).toBe(2);
        expect(attempts.count()).toBe(1);
      } finally {
        attempts.stop();
      }
      expect(fake.stdout()).toBe('');
      expect(fake.stderr()).toBe(
        `error: http://127.0.0.1:${port}: connection refused; expected ${expected} (is it running?)\n`,
      );
      expect(readdirSync(cwd)).toEqual([]);
    },
  );

  it('a store that answered the search and then went away: each trace is skipped with its reason, retried as before, and the manifest is written', async () => {
    const traceId = 'a1'.padEnd(32, 'c');
    const tempo = await startFakeTraceStore('tempo', [
      {
        traceId,
        startSeconds: T0 + 60,
        document: otlpDiagnosisTrace(traceId, T0 + 60, {
          question: 'Why did the job fail?',
          answer: 'The connection pool was exhausted.',
          tools: ['queryLogs'],
        }),
      },
    ]);
    const url = new URL(tempo.url);
    const inner = createHttpClient({
      timeoutMs: 2000,
      concurrency: 1,
      headers: [],
      sleep: async () => undefined,
      firstContact: { address: tempo.url, expected: 'a Tempo query API' },
    });
    let closed = false;
    // The store stops once the search has answered, before the trace is asked for.
    const client: HttpClient = {
      async send(request) {
        if (!closed && request.url.pathname.startsWith('/api/v2/traces/')) {
          closed = true;
          await tempo.close();
        }
        return inner.send(request);
      },
    };
    const outDir = join(tempDir(), 'pulled');
    const { manifest, written } = await pullTraces({
      store: createTempoStore(url, '{}'),
      client,
      redactor: createRedactor([]),
      url,
      query: '{}',
      since: T0,
      until: T0 + 900,
      windowSeconds: 900,
      limit: 20,
      outDir,
      outLabel: 'pulled',
      concurrency: 1,
    });
    expect(written).toEqual([]);
    expect(manifest.counts).toMatchObject({ found: 1, fetched: 0, skipped: 1, fixtures: 0 });
    expect(manifest.skipped).toEqual([
      { traceId, window: null, reason: `GET /api/v2/traces/${traceId}: ECONNREFUSED (4 attempts)` },
    ]);
    expect(existsSync(join(outDir, 'manifest.json'))).toBe(true);
  });
});
