import { setTimeout as delay } from 'node:timers/promises';
import { assertValidHeaders } from './header-check.js';
import { createLimiter } from './limiter.js';
import { attemptsText, requestLabel } from './request-label.js';
import { backoffMs, BODY_TOO_LARGE, MAX_ATTEMPTS, retryAfterMs, shouldRetry } from './retry-policy.js';
import { DEFAULT_MAX_BODY_MB, formatBytes, MIB } from '../../io/input-limits.js';

export interface HttpClientOptions {
  /** Per attempt, from sending the request to the last byte of the body. */
  timeoutMs: number;
  /** Requests in flight at once; a request waiting to retry does not hold a place. */
  concurrency: number;
  /** The most bytes of one response body read (`--max-body-mb`); a larger body is a failure, checked as it streams in. */
  maxBodyBytes?: number;
  /** Sent with every request; never part of any outcome or message. */
  headers: Array<[string, string]>;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** For `Retry-After` given as an HTTP date. */
  now?: () => number;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: URL;
  /** Sent as a JSON body. */
  json?: unknown;
}

/**
 * The last attempt's result. A response is returned whatever its status (a 404 means "not there
 * yet" to a poller); a failure is a request that got no response. `error` is a code such as
 * `ECONNREFUSED` or `timeout after 30000 ms`; a message from the network stack is kept only when it
 * is plain words, since such messages may quote URLs and header values.
 */
export type HttpOutcome =
  | { kind: 'response'; status: number; body: string; contentType: string | null; attempts: number }
  | { kind: 'failure'; error: string; attempts: number };

export interface HttpClient {
  send(request: HttpRequest): Promise<HttpOutcome>;
}

type Attempt =
  | { kind: 'response'; status: number; body: string; contentType: string | null; retryAfter: string | null }
  | { kind: 'failure'; code: string; error: string };


export function createHttpClient(options: HttpClientOptions): HttpClient {
  assertValidHeaders(options.headers);
  const sleep = options.sleep ?? ((ms: number) => delay(ms));
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const limiter = createLimiter(options.concurrency);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_MB * MIB;

  async function attemptOnce(request: HttpRequest): Promise<Attempt> {
    const headers = new Headers({ accept: 'application/json' });
    if (request.json !== undefined) headers.set('content-type', 'application/json');
    for (const [name, value] of options.headers) headers.set(name, value);
    const signal = AbortSignal.timeout(options.timeoutMs);
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers,
        body: request.json === undefined ? undefined : JSON.stringify(request.json),
        signal,
        // A followed redirect would carry the extra headers to wherever the service points.
        redirect: 'manual',
      });
      const body = await readBody(response, maxBodyBytes);
      if (body === null) {
        return { kind: 'failure', code: BODY_TOO_LARGE, error: `the response body is over the ${formatBytes(maxBodyBytes)} limit (--max-body-mb)` };
      }
      return {
        kind: 'response',
        status: response.status,
        body,
        contentType: response.headers.get('content-type'),
        retryAfter: response.headers.get('retry-after'),
      };
    } catch (error) {
      if (signal.aborted) return { kind: 'failure', code: 'TIMEOUT', error: `timeout after ${options.timeoutMs} ms` };
      const code = networkErrorCode(error);
      return { kind: 'failure', code, error: code };
    }
  }

  return {
    async send(request) {
      for (let attempts = 1; ; attempts += 1) {
        const attempt = await limiter.run(() => attemptOnce(request));
        // The same request would get the same oversized body again.
        const retryable =
          !(attempt.kind === 'failure' && attempt.code === BODY_TOO_LARGE) &&
          shouldRetry(request.method, attempt.kind === 'response' ? attempt : { kind: 'failure', code: attempt.code });
        if (attempts >= MAX_ATTEMPTS || !retryable) {
          return attempt.kind === 'response'
            ? { kind: 'response', status: attempt.status, body: attempt.body, contentType: attempt.contentType, attempts }
            : { kind: 'failure', error: attempt.error, attempts };
        }
        const asked = attempt.kind === 'response' ? retryAfterMs(attempt.retryAfter, now()) : null;
        await sleep(asked ?? backoffMs(attempts, random));
      }
    },
  };
}

/**
 * The body as text, read chunk by chunk and given up (the connection closed) as soon as it
 * passes the limit, so that a service streaming without end cannot exhaust memory; null then.
 * A declared Content-Length over the limit is refused before any byte is read.
 */
async function readBody(response: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  // As response.text() decodes: UTF-8, a leading byte-order mark dropped, bad bytes replaced.
  return new TextDecoder().decode(Buffer.concat(chunks, total));
}

/** `GET /api/diagnosis/s1/trace: HTTP 500 (4 attempts)`, `POST /api/chat: ECONNREFUSED (4 attempts)`. */
export function describeOutcome(request: HttpRequest, outcome: HttpOutcome, detail?: string): string {
  const redirect = outcome.kind === 'response' && outcome.status >= 300 && outcome.status < 400;
  const cause = outcome.kind === 'failure' ? outcome.error : `HTTP ${outcome.status}`;
  const details = [detail ?? (redirect ? 'redirects are not followed' : null)].filter((item) => item !== null);
  return `${requestLabel(request.method, request.url)}: ${[cause, ...details].join(', ')} (${attemptsText(outcome.attempts)})`;
}

/**
 * Node's fetch rejects with `TypeError: fetch failed` and puts the system error in `cause`;
 * when several addresses were tried, the codes sit on an AggregateError's members.
 */
function networkErrorCode(error: unknown): string {
  const cause = (error as { cause?: unknown } | null)?.cause ?? error;
  const code = errorCode(cause) ?? errorCode((cause as { errors?: unknown[] } | null)?.errors?.[0]);
  if (code !== null) return code;
  // A message is shown only when it is plain words: one holding a URL, a quote or a value could carry a token.
  const message = cause instanceof Error ? cause.message : '';
  return /^[A-Za-z][A-Za-z ,.-]{0,59}$/u.test(message) ? `network error (${message})` : 'network error';
}

function errorCode(value: unknown): string | null {
  const code = (value as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]*$/u.test(code) ? code : null;
}
