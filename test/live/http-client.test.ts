import { afterEach, describe, expect, it } from 'vitest';
import { InputError } from '../../src/io/errors.js';
import {
  type AttemptResult,
  backoffMs,
  createHttpClient,
  describeOutcome,
  type HttpRequest,
  retryAfterMs,
  shouldRetry,
} from '../../src/sources/live/http-client.js';
import { closedPort, fakeClock, type SimulatedService, sendJson, startSimulatedService } from './simulated-service.js';

describe('retry policy', () => {
  const rows: Array<[method: string, result: AttemptResult, retried: boolean]> = [
    ['GET', { kind: 'failure', code: 'ECONNREFUSED' }, true],
    ['GET', { kind: 'failure', code: 'ECONNRESET' }, true],
    ['GET', { kind: 'failure', code: 'TIMEOUT' }, true],
    ['GET', { kind: 'response', status: 500 }, true],
    ['GET', { kind: 'response', status: 502 }, true],
    ['GET', { kind: 'response', status: 429 }, true],
    ['GET', { kind: 'response', status: 404 }, false],
    ['GET', { kind: 'response', status: 401 }, false],
    ['GET', { kind: 'response', status: 200 }, false],
    // fetch refuses the port itself: every attempt would end the same way.
    ['GET', { kind: 'failure', code: 'BAD_PORT' }, false],
    ['POST', { kind: 'failure', code: 'BAD_PORT' }, false],
    ['POST', { kind: 'failure', code: 'ECONNREFUSED' }, true],
    ['POST', { kind: 'failure', code: 'ECONNRESET' }, false],
    ['POST', { kind: 'failure', code: 'TIMEOUT' }, false],
    ['POST', { kind: 'response', status: 429 }, true],
    ['POST', { kind: 'response', status: 503 }, true],
    ['POST', { kind: 'response', status: 500 }, false],
    ['POST', { kind: 'response', status: 502 }, false],
    ['POST', { kind: 'response', status: 400 }, false],
  ];
  it.each(rows)('%s after %o: retried %s', (method, result, retried) => {
    expect(shouldRetry(method, result)).toBe(retried);
  });

  it('backs off exponentially with equal jitter', () => {
    expect([1, 2, 3].map((retry) => backoffMs(retry, () => 0))).toEqual([250, 500, 1000]);
    expect([1, 2, 3].map((retry) => backoffMs(retry, () => 1))).toEqual([500, 1000, 2000]);
  });

  const now = Date.parse('2030-01-01T00:00:00Z');
  it.each([
    [null, null],
    ['0', 0],
    ['2', 2000],
    ['3600', 60_000],
    ['Tue, 01 Jan 2030 00:00:05 GMT', 5000],
    ['Mon, 31 Dec 2029 23:00:00 GMT', 0],
    ['Tue, 01 Jan 2030 01:00:00 GMT', 60_000],
    ['soon', null],
  ])('Retry-After %s waits %s ms', (header, expected) => {
    expect(retryAfterMs(header, now)).toBe(expected);
  });
});

describe('HTTP client', () => {
  let service: SimulatedService | null = null;
  afterEach(async () => {
    await service?.close();
    service = null;
  });

  function get(path: string): HttpRequest {
    return { method: 'GET', url: new URL(`${service?.url ?? 'http://127.0.0.1:9'}${path}`) };
  }

  it('retries a 500, then returns the success', async () => {
    service = await startSimulatedService({
      'GET /t': (response, hit) =>
        hit === 1 ? sendJson(response, 500, { error: 'boom' }) : sendJson(response, 200, { ok: true }),
    });
    const clock = fakeClock();
    const client = createHttpClient({
      timeoutMs: 2000,
      concurrency: 2,
      headers: [],
      sleep: clock.sleep,
      random: () => 0,
    });
    const outcome = await client.send(get('/t'));
    expect(outcome).toMatchObject({ kind: 'response', status: 200, attempts: 2 });
    expect(clock.sleeps).toEqual([250]);
  });

  it('gives up after 4 attempts and names method, path, status and attempts', async () => {
    service = await startSimulatedService({ 'GET /t': (response) => sendJson(response, 503, {}) });
    const clock = fakeClock();
    const client = createHttpClient({
      timeoutMs: 2000,
      concurrency: 2,
      headers: [],
      sleep: clock.sleep,
      random: () => 0.5,
    });
    const request = get('/t?token=abc');
    const outcome = await client.send(request);
    expect(outcome).toMatchObject({ kind: 'response', status: 503, attempts: 4 });
    expect(clock.sleeps).toEqual([375, 750, 1500]);
    expect(describeOutcome(request, outcome)).toBe('GET /t: HTTP 503 (4 attempts)');
  });

  it('waits as long as Retry-After says, capped at 60 s, instead of backing off', async () => {
    service = await startSimulatedService({
      'GET /t': (response, hit) =>
        hit === 1
          ? sendJson(response, 429, {}, { 'retry-after': '3' })
          : hit === 2
            ? sendJson(response, 429, {}, { 'retry-after': '86400' })
            : hit === 3
              ? sendJson(
                  response,
                  503,
                  {},
                  { 'retry-after': new Date(Date.parse('2030-01-01T00:00:07Z')).toUTCString() },
                )
              : sendJson(response, 200, {}),
    });
    const clock = fakeClock();
    const client = createHttpClient({
      timeoutMs: 2000,
      concurrency: 1,
      headers: [],
      sleep: clock.sleep,
      now: () => Date.parse('2030-01-01T00:00:00Z'),
    });
    expect(await client.send(get('/t'))).toMatchObject({ status: 200, attempts: 4 });
    expect(clock.sleeps).toEqual([3000, 60_000, 7000]);
  });

  it('retries a POST on 503 but not on 500', async () => {
    service = await startSimulatedService({
      'POST /flaky': (response, hit) => sendJson(response, hit === 1 ? 503 : 200, { sessionId: 's1' }),
      'POST /broken': (response) => sendJson(response, 500, {}),
    });
    const clock = fakeClock();
    const client = createHttpClient({ timeoutMs: 2000, concurrency: 1, headers: [], sleep: clock.sleep });
    const url = (path: string) => new URL(`${service?.url}${path}`);
    expect(await client.send({ method: 'POST', url: url('/flaky'), json: { question: 'q' } })).toMatchObject({
      status: 200,
      attempts: 2,
    });
    expect(await client.send({ method: 'POST', url: url('/broken'), json: { question: 'q' } })).toMatchObject({
      status: 500,
      attempts: 1,
    });
    expect(service.requests[0]?.body).toBe('{"question":"q"}');
    expect(service.requests[0]?.headers['content-type']).toBe('application/json');
  });

  it('counts a slow response as a timeout, retried for GET and not for POST', async () => {
    service = await startSimulatedService({
      'GET /slow': () => undefined,
      'POST /slow': () => undefined,
    });
    const clock = fakeClock();
    const client = createHttpClient({ timeoutMs: 40, concurrency: 4, headers: [], sleep: clock.sleep });
    const request = get('/slow');
    const outcome = await client.send(request);
    expect(outcome).toEqual({ kind: 'failure', error: 'timeout after 40 ms', attempts: 4 });
    expect(describeOutcome(request, outcome)).toBe('GET /slow: timeout after 40 ms (4 attempts)');
    const post = await client.send({ method: 'POST', url: new URL(`${service.url}/slow`), json: {} });
    expect(post).toEqual({ kind: 'failure', error: 'timeout after 40 ms', attempts: 1 });
  });

  it('names ECONNREFUSED when the service is down', async () => {
    const port = await closedPort();
    const clock = fakeClock();
    const client = createHttpClient({ timeoutMs: 2000, concurrency: 1, headers: [], sleep: clock.sleep });
    const request: HttpRequest = { method: 'POST', url: new URL(`http://127.0.0.1:${port}/api/chat`), json: {} };
    const outcome = await client.send(request);
    expect(describeOutcome(request, outcome)).toBe('POST /api/chat: ECONNREFUSED (4 attempts)');
  });

  it('does not follow redirects, which would carry the headers elsewhere', async () => {
    service = await startSimulatedService({
      'GET /moved': (response) => {
        response.writeHead(302, { location: 'http://example.invalid/steal' });
        response.end();
      },
    });
    const client = createHttpClient({ timeoutMs: 2000, concurrency: 1, headers: [['X-Api-Key', 'k-123456789']] });
    const request = get('/moved');
    const outcome = await client.send(request);
    expect(describeOutcome(request, outcome)).toBe('GET /moved: HTTP 302, redirects are not followed (1 attempt)');
    expect(service.requests).toHaveLength(1);
  });

  it('sends the extra headers and keeps at most N requests in flight', async () => {
    service = await startSimulatedService({
      'GET /t': (response) => void setTimeout(() => sendJson(response, 200, {}), 30),
    });
    const client = createHttpClient({ timeoutMs: 2000, concurrency: 2, headers: [['X-Tenant', 'blue']] });
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => client.send(get('/t'))));
    expect(outcomes.every((outcome) => outcome.kind === 'response' && outcome.status === 200)).toBe(true);
    expect(service.maxInFlight()).toBe(2);
    expect(service.requests.every((request) => request.headers['x-tenant'] === 'blue')).toBe(true);
  });

  it('refuses a header value with a line break without quoting it', () => {
    const secret = 'Bearer sekret-value\r\nX-Injected: 1';
    let thrown: unknown;
    try {
      createHttpClient({ timeoutMs: 1000, concurrency: 1, headers: [['Authorization', secret]] });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InputError);
    expect(String((thrown as Error).message)).toContain('--header #1 (Authorization)');
    expect(String((thrown as Error).message)).not.toContain('sekret');
  });
});
