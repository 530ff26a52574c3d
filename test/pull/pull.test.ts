import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { importTraces } from '../../src/import/import-traces.js';
import { formatTraceJson } from '../../src/import/trace-json.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { caseFileYaml, caseYaml, REPO_ROOT, writeFiles } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import {
  type FakeStoreOptions,
  type FakeTraceStore,
  otlpDiagnosisTrace,
  type StoredTrace,
  startFakeTraceStore,
} from './fake-trace-store.js';

const tempDir = useTempDirs();
const stores: FakeTraceStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

async function cli(argv: string[], cwd: string) {
  const fake = createFakeIo({ cwd });
  const code = await main(argv, fake.io);
  return { code, stdout: fake.stdout(), stderr: fake.stderr() };
}

/** 2026-01-01T00:00:00Z */
const T0 = 1_767_225_600;
const REAL_EXPORT = join(REPO_ROOT, 'test/fixtures/pull/kagent-helm-tempo-export.json');
const REAL_TRACE_ID = 'dd547580319ab0312cee07f1def50dad';

/** Twelve generated traces over the first hour (ten of them in the first half hour), ids with leading zeros among them. */
function generatedTraces(): StoredTrace[] {
  return Array.from({ length: 12 }, (_, n) => {
    const traceId = `${n % 3 === 0 ? '00' : 'a1'}${String(n).padStart(2, '0')}${'c'.repeat(28)}`;
    const startSeconds = T0 + (n < 10 ? n * 150 : 1800 + n * 100);
    return {
      traceId,
      startSeconds,
      document: otlpDiagnosisTrace(traceId, startSeconds, {
        question: `Why did job ${n} fail?`,
        answer: `The connection pool of job ${n} was exhausted.`,
        tools: ['queryLogs', 'queryMetrics'],
      }),
    };
  });
}

async function store(
  kind: 'tempo' | 'jaeger',
  traces: StoredTrace[],
  options: FakeStoreOptions = {},
): Promise<FakeTraceStore> {
  const started = await startFakeTraceStore(kind, traces, options);
  stores.push(started);
  return started;
}

function pullArgs(kind: 'tempo' | 'jaeger', url: string, out: string, extra: string[] = []): string[] {
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
    String(T0 + 3600),
    '--window',
    '30m',
    '--limit',
    '4',
    '--out',
    out,
    ...extra,
  ];
}

function manifestOf(cwd: string, out: string): Record<string, any> {
  return JSON.parse(readFileSync(join(cwd, out, 'manifest.json'), 'utf8')) as Record<string, any>;
}

function folderBytes(folder: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(folder)
      .sort()
      .map((name) => [name, readFileSync(join(folder, name), 'utf8')]),
  );
}

describe('diag-eval pull from Tempo', () => {
  it('S59: searches each window, splits a window that returns --limit traces, fetches every trace, converts it with the importer; the same responses give the same bytes', async () => {
    const realExport = JSON.parse(readFileSync(REAL_EXPORT, 'utf8')) as unknown;
    const tempo = await store('tempo', [
      ...generatedTraces(),
      { traceId: REAL_TRACE_ID, startSeconds: T0 + 3000, document: realExport },
    ]);
    const cwd = tempDir();
    const { code, stdout, stderr } = await cli(pullArgs('tempo', tempo.url, 'pulled'), cwd);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('diag-eval pull: 13 traces found in');
    const manifest = manifestOf(cwd, 'pulled');
    expect(manifest['since']).toBe('2026-01-01T00:00:00Z');
    expect(manifest['until']).toBe('2026-01-01T01:00:00Z');
    expect(manifest['counts']).toMatchObject({ found: 13, fetched: 13, alreadyPresent: 0, skipped: 0, fixtures: 13 });
    // The first half hour holds ten traces: full at limit 4, so it was split, down to halves that are not full.
    const windows = manifest['windows'] as { start: string; end: string; traces: number; split: boolean }[];
    expect(windows[0]).toEqual({ start: '2026-01-01T00:00:00Z', end: '2026-01-01T00:30:00Z', traces: 4, split: true });
    expect(windows.filter((window) => !window.split).every((window) => window.traces < 4)).toBe(true);
    const searched = tempo.requests.filter((request) => request.path === '/api/search');
    expect(searched[0]?.query.get('q')).toBe('{ resource.service.name = "diagnosis" }');
    expect(
      searched.map((request) => [request.query.get('start'), request.query.get('end'), request.query.get('limit')])[0],
    ).toEqual([String(T0), String(T0 + 1800), '4']);
    const traceIds = (manifest['traces'] as { traceId: string }[]).map((trace) => trace.traceId);
    expect(traceIds).toEqual([...traceIds].sort());
    expect(traceIds).toContain('0000cccccccccccccccccccccccccccc');
    expect(existsSync(join(cwd, 'pulled', '0000cccccccccccccccccccccccccccc.json'))).toBe(true);

    // The real export comes out exactly as `diag-eval import` converts the same file.
    const imported = await importTraces([REAL_EXPORT], 'auto', REPO_ROOT);
    expect(readFileSync(join(cwd, 'pulled', `${REAL_TRACE_ID}.json`), 'utf8')).toBe(
      formatTraceJson(imported.traces[0]!.document),
    );

    const again = await cli(pullArgs('tempo', tempo.url, 'again', ['--quiet']), cwd);
    expect(again.code).toBe(0);
    expect(folderBytes(join(cwd, 'again'))).toEqual(folderBytes(join(cwd, 'pulled')));
  });

  it('S59: the pulled folder is a fixture folder: run --fixtures DIR evaluates the traces offline', async () => {
    const traces = generatedTraces().slice(0, 3);
    const tempo = await store('tempo', traces);
    const cwd = tempDir();
    expect((await cli(pullArgs('tempo', tempo.url, 'pulled', ['--quiet']), cwd)).code).toBe(0);
    const blocks = traces.map((trace, n) =>
      caseYaml(`job-${n}`, [
        `traceFixture: ${trace.traceId}.json`,
        'requiredEvidenceTools: [queryLogs]',
        'rootCauseKeywords: ["connection pool"]',
      ]),
    );
    writeFiles(cwd, {
      'cases.yaml': caseFileYaml(
        blocks.map((block) =>
          block.replace('    requiredEvidenceTools: []\n', '').replace('    rootCauseKeywords: []\n', ''),
        ),
      ),
    });
    await tempo.close();
    stores.length = 0;
    const run = await cli(['run', '--cases', 'cases.yaml', '--fixtures', 'pulled', '--out', 'out'], cwd);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('3 cases: 3 passed');
    expect(run.code).toBe(0);
  });

  it('S60: a second pull into the same folder resumes: it fetches only the traces it does not have', async () => {
    const tempo = await store('tempo', generatedTraces());
    const cwd = tempDir();
    const first = await cli(
      [
        ...pullArgs('tempo', tempo.url, 'pulled', ['--quiet']).slice(0, 9),
        '--until',
        String(T0 + 900),
        '--window',
        '30m',
        '--limit',
        '4',
        '--out',
        'pulled',
        '--quiet',
      ],
      cwd,
    );
    expect(first.code).toBe(0);
    expect(manifestOf(cwd, 'pulled')['counts']).toMatchObject({ found: 6, fetched: 6 });
    const fetchesBefore = tempo.requests.filter((request) => request.path.startsWith('/api/v2/traces/')).length;
    const second = await cli(pullArgs('tempo', tempo.url, 'pulled', ['--quiet']), cwd);
    expect(second.code).toBe(0);
    const fetched = tempo.requests.filter((request) => request.path.startsWith('/api/v2/traces/')).slice(fetchesBefore);
    expect(fetched).toHaveLength(6);
    const manifest = manifestOf(cwd, 'pulled');
    expect(manifest['counts']).toMatchObject({ found: 12, fetched: 6, alreadyPresent: 6, fixtures: 12 });
    expect(manifest['traces']).toHaveLength(12);

    const third = await cli(pullArgs('tempo', tempo.url, 'pulled', ['--quiet']), cwd);
    expect(third.code).toBe(0);
    expect(manifestOf(cwd, 'pulled')['counts']).toMatchObject({ found: 12, fetched: 0, alreadyPresent: 12 });

    const other = await cli(
      [
        ...pullArgs('tempo', tempo.url, 'pulled').slice(0, 5),
        '--query',
        '{ status = error }',
        ...pullArgs('tempo', tempo.url, 'pulled').slice(7),
      ],
      cwd,
    );
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('pulled/manifest.json: the folder holds a pull from tempo');
  });

  it('S61: a 429 with Retry-After is waited out and retried', async () => {
    const tempo = await store('tempo', generatedTraces().slice(0, 2), {
      throttle: { path: '/api/search', times: 1, retryAfter: '1' },
    });
    const cwd = tempDir();
    const started = Date.now();
    const { code, stderr } = await cli(pullArgs('tempo', tempo.url, 'pulled', ['--quiet']), cwd);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    // Back-off alone would wait 250-500 ms before the first retry; Retry-After asked for a second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const first = tempo.requests.filter(
      (request) => request.path === '/api/search' && request.query.get('start') === String(T0),
    );
    expect(first).toHaveLength(2);
    expect(manifestOf(cwd, 'pulled')['counts']).toMatchObject({ found: 2, fetched: 2 });
  });

  it('S59: a one-second window that still returns --limit traces is named as a skip (traces may be missing); its traces are kept, exit 1', async () => {
    const crowded = Array.from({ length: 5 }, (_, n) => {
      const traceId = `e${n}${'d'.repeat(30)}`;
      return {
        traceId,
        startSeconds: T0 + 7,
        document: otlpDiagnosisTrace(traceId, T0 + 7, { question: 'q', answer: 'a', tools: [] }),
      };
    });
    const tempo = await store('tempo', crowded);
    const cwd = tempDir();
    const { code, stderr } = await cli(pullArgs('tempo', tempo.url, 'pulled', ['--quiet']), cwd);
    expect(code).toBe(1);
    expect(stderr).toContain(
      'skipped: window 2026-01-01T00:00:07Z..2026-01-01T00:00:08Z: the search returned the limit of 4 traces even for one second',
    );
    const manifest = manifestOf(cwd, 'pulled');
    expect(manifest['counts']).toMatchObject({ found: 4, fetched: 4, skipped: 1 });
    expect(manifest['skipped']).toEqual([
      expect.objectContaining({ traceId: null, window: '2026-01-01T00:00:07Z..2026-01-01T00:00:08Z' }),
    ]);
  });

  it('S61: a trace that does not convert is skipped and named, the others are written, exit 1', async () => {
    const broken = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
    const tempo = await store('tempo', [
      ...generatedTraces().slice(0, 3),
      { traceId: broken, startSeconds: T0 + 10, document: { resourceSpans: [] } },
    ]);
    const cwd = tempDir();
    const { code, stderr } = await cli(pullArgs('tempo', tempo.url, 'pulled', ['--quiet']), cwd);
    expect(code).toBe(1);
    expect(stderr).toContain(`skipped: trace ${broken}: not converted:`);
    const manifest = manifestOf(cwd, 'pulled');
    expect(manifest['counts']).toMatchObject({ found: 4, fetched: 3, skipped: 1, fixtures: 3 });
    expect(manifest['skipped']).toEqual([expect.objectContaining({ traceId: broken, window: null })]);
    expect(existsSync(join(cwd, 'pulled', `${broken}.json`))).toBe(false);
  });

  it('S61: the tenant header is sent with every request and written or printed nowhere', async () => {
    const secret = 'tenant-secret-42';
    const tempo = await store('tempo', generatedTraces().slice(0, 3));
    const cwd = tempDir();
    const { code, stdout, stderr } = await cli(
      pullArgs('tempo', tempo.url, 'pulled', ['--header', `X-Scope-OrgID: ${secret}`]),
      cwd,
    );
    expect(code).toBe(0);
    expect(tempo.requests.length).toBeGreaterThan(3);
    expect(tempo.requests.every((request) => request.headers['x-scope-orgid'] === secret)).toBe(true);
    expect(stdout + stderr).not.toContain(secret);
    for (const content of Object.values(folderBytes(join(cwd, 'pulled')))) expect(content).not.toContain(secret);
  });
});

describe('diag-eval pull from Jaeger (api_v3)', () => {
  it('S59: searches /api/v3/traces per window with query.* parameters, splits full windows, fetches /api/v3/traces/{id}', async () => {
    const jaeger = await store('jaeger', generatedTraces());
    const cwd = tempDir();
    const { code, stderr } = await cli(
      pullArgs('jaeger', jaeger.url, 'pulled', ['--header', 'Authorization: Bearer not-for-files']),
      cwd,
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const manifest = manifestOf(cwd, 'pulled');
    expect(manifest['source']).toBe('jaeger');
    expect(manifest['counts']).toMatchObject({ found: 12, fetched: 12, skipped: 0 });
    expect((manifest['windows'] as { split: boolean }[]).some((window) => window.split)).toBe(true);
    const search = jaeger.requests.find((request) => request.path === '/api/v3/traces');
    expect(Object.fromEntries(search!.query)).toEqual({
      'query.service_name': 'diagnosis',
      'query.start_time_min': '2026-01-01T00:00:00Z',
      'query.start_time_max': '2026-01-01T00:30:00Z',
      'query.search_depth': '4',
    });
    expect(jaeger.requests.filter((request) => request.path.startsWith('/api/v3/traces/'))).toHaveLength(12);
    const fixture = JSON.parse(
      readFileSync(join(cwd, 'pulled', `${generatedTraces()[1]!.traceId}.json`), 'utf8'),
    ) as Record<string, unknown>;
    expect(fixture['question']).toBe('Why did job 1 fail?');
    expect((fixture['toolInvocations'] as unknown[]).length).toBe(2);
    expect(JSON.stringify(manifest)).not.toContain('not-for-files');
  });

  it('S59: a window where nothing is found (404) is empty, not a failure; a streamed answer (one result per line) is read whole', async () => {
    const jaeger = await store('jaeger', generatedTraces().slice(0, 3), { streamed: true });
    const cwd = tempDir();
    const args = pullArgs('jaeger', jaeger.url, 'pulled', ['--quiet']);
    args[args.indexOf('--until') + 1] = String(T0 + 5400);
    const { code, stderr } = await cli(args, cwd);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const manifest = manifestOf(cwd, 'pulled');
    expect(manifest['counts']).toMatchObject({ windows: 3, found: 3, fetched: 3 });
    expect((manifest['windows'] as { traces: number }[]).map((window) => window.traces)).toEqual([3, 0, 0]);
  });

  it('S59: flags that cannot be used are exit 2 with the flag named', async () => {
    const cwd = tempDir();
    const base = pullArgs('jaeger', 'http://127.0.0.1:9', 'pulled');
    const withFlag = (name: string, value: string) => {
      const args = [...base];
      args[args.indexOf(name) + 1] = value;
      return args;
    };
    const rows: [string[], string][] = [
      [withFlag('--from', 'zipkin'), '--from: found "zipkin", expected tempo or jaeger'],
      [withFlag('--since', 'yesterday'), '--since: found "yesterday"'],
      [withFlag('--until', '2025-12-31T00:00:00Z'), 'the range is empty'],
      [withFlag('--window', '15x'), '--window: found "15x"'],
      [withFlag('--query', 'operation_name=chat'), 'service_name required'],
      [withFlag('--url', 'ftp://user:pw@host'), '--url: expected an http:// or https:// address'],
      [withFlag('--limit', '0'), '--limit'],
    ];
    for (const [args, message] of rows) {
      const { code, stderr } = await cli(args, cwd);
      expect(code, message).toBe(2);
      expect(stderr).toContain(message);
      expect(stderr).not.toContain('pw@');
    }
  });
});
