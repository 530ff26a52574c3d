import { describeValue } from '../../io/validation/describe-value.js';
import { isRecord } from '../../io/validation/is-record.js';
import { unwrapEnvelope } from '../../trace/envelope.js';
import { type HttpClient, type HttpRequest, type JsonResult, jsonFromOutcome, requestLabel } from './http-client.js';

/** A trace whose status (any case) is one of these is still being written. */
const UNFINISHED_STATUSES = new Set(['RUNNING', 'PENDING', 'IN_PROGRESS']);
const FIRST_POLL_MS = 500;
const POLL_GROWTH = 1.5;
const MAX_POLL_INTERVAL_MS = 5000;

export interface PollOptions {
  timeoutMs: number;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
}

/**
 * One fetch of a trace, taken as it is (a session named by the user is not waited for). Like
 * pollTrace, gives the trace without its envelope: the one place the live path takes it off.
 */
export async function fetchTrace(client: HttpClient, traceUrl: URL): Promise<JsonResult> {
  const request: HttpRequest = { method: 'GET', url: traceUrl };
  return withoutEnvelope(jsonFromOutcome(request, await client.send(request)));
}

function withoutEnvelope(body: JsonResult): JsonResult {
  return body.ok ? { ok: true, value: unwrapEnvelope(body.value).root } : body;
}

/**
 * Waits for a session the harness started to finish (docs/contract.md §8): first look after 500 ms, the
 * interval growing ×1.5 up to 5 s. A 404 means the service has not written the trace yet. A last
 * look is taken at the deadline, so a session finishing just in time still counts.
 */
export async function pollTrace(client: HttpClient, traceUrl: URL, options: PollOptions): Promise<JsonResult> {
  const request: HttpRequest = { method: 'GET', url: traceUrl };
  const deadline = options.now() + options.timeoutMs;
  let interval = FIRST_POLL_MS;
  let polls = 0;
  let lastSeen: string;
  // The deadline is checked after each look, so even a poll timeout of 0 looks once.
  for (;;) {
    await options.sleep(Math.max(0, Math.min(interval, deadline - options.now())));
    interval = Math.min(interval * POLL_GROWTH, MAX_POLL_INTERVAL_MS);
    const outcome = await client.send(request);
    polls += 1;
    if (outcome.kind === 'response' && outcome.status === 404) {
      lastSeen = 'no trace yet (HTTP 404)';
    } else {
      const body = withoutEnvelope(jsonFromOutcome(request, outcome));
      if (!body.ok) return body;
      const status = isRecord(body.value) ? body.value['status'] : undefined;
      if (typeof status !== 'string' || !UNFINISHED_STATUSES.has(status.toUpperCase())) return body;
      lastSeen = `status still ${describeValue(status)}`;
    }
    if (deadline - options.now() <= 0) {
      const pollsText = polls === 1 ? '1 poll' : `${polls} polls`;
      return {
        ok: false,
        reason: `${requestLabel(request.method, request.url)}: ${lastSeen} when the poll timeout of ${options.timeoutMs} ms passed (${pollsText})`,
      };
    }
  }
}
