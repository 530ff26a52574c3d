import { setTimeout as delay } from 'node:timers/promises';
import { InputError } from '../../io/errors.js';
import { DEFAULT_MAX_BODY_MB, formatBytes, MIB } from '../../io/files/input-limits.js';
import { parseJson } from '../../io/json/parse-json.js';
import { createFirstContact, type FirstContactTarget } from './first-contact.js';
import { createLimiter } from './limiter.js';

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
  /**
   * The service the requests go to: its first request is sent alone, and when it gets no answer
   * at all every request rejects with ServiceUnreachableError naming this (first-contact.ts).
   */
  firstContact?: FirstContactTarget;
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
  const contact = options.firstContact === undefined ? null : createFirstContact(options.firstContact);

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
        return {
          kind: 'failure',
          code: BODY_TOO_LARGE,
          error: `the response body is over the ${formatBytes(maxBodyBytes)} limit (--max-body-mb)`,
        };
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
      const makesContact = contact === null ? false : await contact.enter();
      for (let attempts = 1; ; attempts += 1) {
        const attempt = await limiter.run(() => attemptOnce(request));
        if (makesContact && attempts === 1) contact?.settle(attempt.kind === 'failure' ? attempt.code : null);
        if (attempts >= MAX_ATTEMPTS || !shouldRetry(request.method, attempt)) {
          if (attempt.kind === 'failure') return { kind: 'failure', error: attempt.error, attempts };
          const { retryAfter: _, ...response } = attempt;
          return { ...response, attempts };
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
  const note = detail ?? (redirect ? 'redirects are not followed' : null);
  const attempts = outcome.attempts === 1 ? '1 attempt' : `${outcome.attempts} attempts`;
  return `${requestLabel(request.method, request.url)}: ${cause}${note === null ? '' : `, ${note}`} (${attempts})`;
}

/**
 * Node's fetch rejects with `TypeError: fetch failed` and puts the system error in `cause`;
 * when several addresses were tried, the codes sit on an AggregateError's members.
 */
function networkErrorCode(error: unknown): string {
  const cause = (error as { cause?: unknown } | null)?.cause ?? error;
  const code = errorCode(cause) ?? errorCode((cause as { errors?: unknown[] } | null)?.errors?.[0]);
  if (code !== null) return code;
  const message = cause instanceof Error ? cause.message : '';
  // undici's refusal of a port the Fetch standard blocks carries no code, only these words.
  if (message === 'bad port') return BAD_PORT;
  // A message is shown only when it is plain words: one holding a URL, a quote or a value could carry a token.
  return /^[A-Za-z][A-Za-z ,.-]{0,59}$/u.test(message) ? `network error (${message})` : 'network error';
}

function errorCode(value: unknown): string | null {
  const code = (value as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]*$/u.test(code) ? code : null;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/u;

/**
 * Checks extra headers before any request is made. fetch's own error for a bad header quotes
 * the value, which is usually a token; these messages name the header by position and name only.
 */
function assertValidHeaders(headers: Array<[string, string]>): void {
  const problems = headers.flatMap(([name, value], index) => {
    if (!TOKEN.test(name))
      return `--header #${index + 1}: the header name is empty or has characters other than letters, digits and !#$%&'*+-.^_\`|~; expected "Name: value"`;
    if (/[\r\n\0]/u.test(value))
      return `--header #${index + 1} (${name}): the value has a line break or NUL character; expected a single-line value`;
    return [];
  });
  if (problems.length > 0) throw new InputError(problems);
}

/**
 * When a request is tried again and how long to wait first (docs/contract.md §8). A POST to the chat
 * endpoint may start a diagnosis session, so it is retried only when the service surely did not
 * take it (connection refused) or said so itself (429, 503); a GET has no side effect and is
 * retried on any connection error, 5xx or 429.
 */
const MAX_ATTEMPTS = 4;
const MAX_RETRY_WAIT_MS = 60_000;
const BASE_BACKOFF_MS = 500;

/** What one attempt came to, as far as the retry decision needs to know. */
export type AttemptResult = { kind: 'response'; status: number } | { kind: 'failure'; code: string };

/** A body over `--max-body-mb`: asking again would only read the same too-large body. */
export const BODY_TOO_LARGE = 'BODY_TOO_LARGE';

/** A port fetch never connects to: every attempt would be refused the same way. */
export const BAD_PORT = 'BAD_PORT';

export function shouldRetry(method: string, result: AttemptResult): boolean {
  if (result.kind === 'failure' && (result.code === BODY_TOO_LARGE || result.code === BAD_PORT)) return false;
  if (method === 'GET') {
    return result.kind === 'failure' || result.status === 429 || result.status >= 500;
  }
  return result.kind === 'failure' ? result.code === 'ECONNREFUSED' : result.status === 429 || result.status === 503;
}

/**
 * Exponential back-off, 500 ms doubling per retry, with "equal jitter": half the step is fixed
 * and half random, so clients that failed together do not come back together, yet none retries at once.
 */
export function backoffMs(retry: number, random: () => number): number {
  const step = Math.min(MAX_RETRY_WAIT_MS, BASE_BACKOFF_MS * 2 ** (retry - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

/**
 * `Retry-After` as delay-seconds or an HTTP date (RFC 9110 §10.2.3), capped so that a service
 * asking for an hour cannot stall the run; null when absent or unreadable, and back-off applies.
 */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+$/u.test(text)) return Math.min(MAX_RETRY_WAIT_MS, Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.min(MAX_RETRY_WAIT_MS, Math.max(0, date - now));
}

/**
 * How a request is named in reasons and messages: the method and the URL's path only. The
 * query string and the user-info part are left out because that is where callers put tokens.
 */
export function requestLabel(method: string, url: URL): string {
  return `${method} ${url.pathname}`;
}

/** The service's address for a summary line: scheme, host, port and path, nothing else. */
export function safeUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

export type JsonResult = { ok: true; value: unknown } | { ok: false; reason: string };

/**
 * A 2xx response's body as JSON, or the reason it cannot be had. A body that is not JSON (an HTML
 * page from a proxy, a truncated answer) means no trace was had, so it is a reason naming the
 * request, not a `trace-loadable` failure; the body itself is never quoted, as it may echo a token.
 */
export function jsonFromOutcome(request: HttpRequest, outcome: HttpOutcome): JsonResult {
  if (outcome.kind === 'failure' || outcome.status < 200 || outcome.status >= 300) {
    return { ok: false, reason: describeOutcome(request, outcome) };
  }
  const parsed = outcome.body.trim() === '' ? null : parseJson(outcome.body);
  if (parsed?.ok === true) return { ok: true, value: parsed.value };
  const size = `${Buffer.byteLength(outcome.body, 'utf8')} bytes`;
  const contentType = outcome.contentType?.split(';')[0]?.trim();
  const what =
    parsed === null ? 'the body is empty' : `the body is not JSON (${contentType ? `${contentType}, ` : ''}${size})`;
  return { ok: false, reason: describeOutcome(request, outcome, what) };
}
