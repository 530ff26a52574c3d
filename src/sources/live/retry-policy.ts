/**
 * When a request is tried again and how long to wait first (docs/contract.md §8). A POST to the chat
 * endpoint may start a diagnosis session, so it is retried only when the service surely did not
 * take it (connection refused) or said so itself (429, 503); a GET has no side effect and is
 * retried on any connection error, 5xx or 429.
 */
export const MAX_ATTEMPTS = 4;
export const MAX_RETRY_WAIT_MS = 60_000;
const BASE_BACKOFF_MS = 500;

/** What one attempt came to, as far as the retry decision needs to know. */
export type AttemptResult = { kind: 'response'; status: number } | { kind: 'failure'; code: string };

/** A body over `--max-body-mb`: asking again would only read the same too-large body. */
export const BODY_TOO_LARGE = 'BODY_TOO_LARGE';

export function shouldRetry(method: string, result: AttemptResult): boolean {
  if (result.kind === 'failure' && result.code === BODY_TOO_LARGE) return false;
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
