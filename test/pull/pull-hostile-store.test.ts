import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { otlpDiagnosisTrace } from './fake-trace-store.js';

const tempDir = useTempDirs();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** 2026-01-01T00:00:00Z */
const T0 = 1_767_225_600;

/**
 * A Tempo stand-in on 127.0.0.1 whose search names the given ids and whose trace endpoint
 * answers any id (as decoded from the path) with `body(id, headers)`.
 */
async function hostileTempo(
  ids: string[],
  body: (id: string, headers: IncomingHttpHeaders) => string,
): Promise<{ url: string; paths: string[]; headers: IncomingHttpHeaders[] }> {
  const paths: string[] = [];
  const headers: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    paths.push(request.url ?? '');
    headers.push(request.headers);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    response.setHeader('content-type', 'application/json');
    if (url.pathname === '/api/search') {
      response.end(JSON.stringify({ traces: ids.map((traceID) => ({ traceID })) }));
      return;
    }
    const prefix = '/api/v2/traces/';
    if (url.pathname.startsWith(prefix)) {
      response.end(body(decodeURIComponent(url.pathname.slice(prefix.length)), request.headers));
      return;
    }
    response.statusCode = 404;
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths, headers };
}

function traceBody(text = 'The connection pool was exhausted.'): string {
  return JSON.stringify({
    trace: otlpDiagnosisTrace('0af7651916cd43dd8448eb211c80319c', T0 + 10, {
      question: 'Why did the job fail?',
      answer: text,
      tools: ['queryLogs'],
    }),
  });
}

async function pull(url: string, cwd: string, extra: string[] = []) {
  const fake = createFakeIo({ cwd });
  const args = ['pull', '--from', 'tempo', '--url', url, '--query', '{}', '--since', String(T0)];
  const code = await main(
    [...args, '--until', String(T0 + 60), '--window', '1m', '--out', 'pulled', ...extra],
    fake.io,
  );
  return { code, stdout: fake.stdout(), stderr: fake.stderr() };
}

function folder(cwd: string): Record<string, string> {
  const dir = join(cwd, 'pulled');
  return Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
}

describe('pull against a hostile trace store', () => {
  it('never writes a --header value or a URL password that the store echoes into a trace, and sends URL credentials as Basic authorisation', async () => {
    const token = 'tenant-secret-4242';
    const password = 'url-password-9999';
    const store = await hostileTempo(['0af7651916cd43dd8448eb211c80319c'], (_, headers) =>
      traceBody(`The pool was exhausted. Request headers: ${JSON.stringify(headers)}; ${token}; ${password}`),
    );
    const cwd = tempDir();
    const withCredentials = store.url.replace('http://', `http://diag:${password}@`);
    const run = await pull(withCredentials, cwd, ['--header', `X-Scope-OrgID: ${token}`]);
    expect(run.code, run.stderr).toBe(0);
    const expected = `Basic ${Buffer.from(`diag:${password}`).toString('base64')}`;
    expect(store.headers.every((headers) => headers.authorization === expected)).toBe(true);
    const files = folder(cwd);
    expect(Object.keys(files)).toContain('0af7651916cd43dd8448eb211c80319c.json');
    for (const content of [...Object.values(files), run.stdout, run.stderr]) {
      expect(content).not.toContain(token);
      expect(content).not.toContain(password);
      expect(content).not.toContain(expected.slice(6));
    }
    expect(files['0af7651916cd43dd8448eb211c80319c.json']).toContain('[redacted]');
  });

  it('gives every trace id a fixture of its own: manifest, a/b, a:b, a_b, Case-X and case-x, a 400-character id; "." and ".." are skipped with exit 1', async () => {
    const long = 'f'.repeat(400);
    const ids = ['manifest', 'a/b', 'a:b', 'a_b', 'Case-X', 'case-x', long, '.', '..'];
    const store = await hostileTempo(ids, () => traceBody());
    const cwd = tempDir();
    const run = await pull(store.url, cwd);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('skipped: trace .: trace id "." cannot be fetched');
    expect(run.stderr).toContain('skipped: trace ..: trace id ".." cannot be fetched');
    // No request for "." or "..": they would be GET /api/v2/ or the API root.
    expect(
      store.paths.filter((path) => path.startsWith('/api/v2/traces/')),
      run.stderr,
    ).toHaveLength(7);
    const manifest = JSON.parse(folder(cwd)['manifest.json'] as string) as {
      traces: { traceId: string; fixture: string }[];
      counts: Record<string, number>;
    };
    expect(manifest.counts).toMatchObject({ found: 9, fetched: 7, skipped: 2, fixtures: 7 });
    const names = manifest.traces.map((trace) => trace.fixture);
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(7);
    expect(names).not.toContain('manifest.json');
    for (const name of names) {
      expect(name.length).toBeLessThanOrEqual(255);
      expect(existsSync(join(cwd, 'pulled', name))).toBe(true);
    }
    expect(names).toContain('a_b.json');
    expect(names).toContain('case-x.json');
  });

  it('refuses a manifest whose fixture entry leads out of the folder (exit 2), naming the entry', async () => {
    const store = await hostileTempo(['0af7651916cd43dd8448eb211c80319c'], () => traceBody());
    const cwd = tempDir();
    expect((await pull(store.url, cwd)).code).toBe(0);
    const path = join(cwd, 'pulled', 'manifest.json');
    const manifest = JSON.parse(readFileSync(path, 'utf8')) as { traces: { traceId: string; fixture: string }[] };
    manifest.traces.push({ traceId: 'x', fixture: '../outside.json' });
    writeFileSync(path, JSON.stringify(manifest));
    writeFileSync(join(cwd, 'outside.json'), '{}');
    const run = await pull(store.url, cwd);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'error: pulled/manifest.json: traces[1].fixture: found "../outside.json"; expected the name of a .json file in the folder (no folder part, not manifest.json)\n',
    );
  });

  it('skips a trace whose body is nested 20,000 levels deep (exit 1) and writes the others', async () => {
    const deep = `{"trace": ${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    const store = await hostileTempo(['0af7651916cd43dd8448eb211c80319c', 'deep-trace'], (id) =>
      id === 'deep-trace' ? deep : traceBody(),
    );
    const cwd = tempDir();
    const run = await pull(store.url, cwd);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/^skipped: trace deep-trace: /mu);
    expect(run.stderr).not.toContain('internal error');
    expect(Object.keys(folder(cwd)).sort()).toEqual(['0af7651916cd43dd8448eb211c80319c.json', 'manifest.json']);
  });
});
