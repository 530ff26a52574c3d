import { setTimeout as delay } from 'node:timers/promises';
import type { EvalCase } from '../../cases/types.js';
import { isStackOverflow } from '../../io/errors.js';
import { describeFsError } from '../../io/files/fs-problem.js';
import type { TraceRunInput, TraceSource } from '../types.js';
import { askQuestion } from './ask-question.js';
import { contactAddress, ServiceUnreachableError } from './first-contact.js';
import { createHttpClient, type HttpClientOptions, type JsonResult } from './http-client.js';
import { createLimiter } from './limiter.js';
import { fetchTrace, pollTrace } from './poll-trace.js';
import { createRedactor, REDACTED } from './redactor.js';
import { parseServiceApi } from './service-api.js';
import { createTraceRecorder } from './trace-recorder.js';

export { loadSessionsFile } from './sessions-file.js';

/** The HTTP client's options (its `now` is also the clock the poll timeout is measured on), and the live run's own. */
export interface LiveSourceOptions extends Omit<HttpClientOptions, 'firstContact'> {
  /** `--api`: the service's base URL; a base path and a query string are kept. */
  apiUrl: string;
  /** `--sessions`: case id → session id; consulted before a case's own `sessionId`. */
  sessions: Record<string, string> | null;
  ask: boolean;
  /** Runs per case; only with `ask`, since fetching one session K times would measure nothing. */
  repeat: number;
  recordDir: string | null;
  pollTimeoutMs: number;
  cwd: string;
}

/**
 * Traces from a running diagnosis service (docs/contract.md §8): fetched by session id, or asked for with
 * `POST /api/chat` and polled until the session finishes. Each trace is handed on without its
 * envelope and with any `--header` value cut out, exactly as `--record` writes it, so that the
 * recorded folder evaluates offline as the live run was evaluated.
 *
 * At most `concurrency` runs are under way at once (asking and polling), and at most
 * `concurrency` requests are in flight, so neither the service's sessions nor its sockets grow
 * with `--repeat`.
 */
export function createLiveTraceSource(options: LiveSourceOptions): TraceSource {
  const api = parseServiceApi(options.apiUrl);
  // An explicit --header beats credentials in the URL; URL-derived headers go last so --header numbering stays the user's.
  const given = new Set(options.headers.map(([name]) => name.toLowerCase()));
  const headers = [...options.headers, ...api.headers.filter(([name]) => !given.has(name.toLowerCase()))];
  const sleep = options.sleep ?? ((ms: number) => delay(ms));
  const now = options.now ?? Date.now;
  const client = createHttpClient({
    ...options,
    headers,
    sleep,
    now,
    firstContact: { address: contactAddress(api.base), expected: 'a diagnosis service' },
  });
  const redactor = createRedactor([...headers.map(([, value]) => value), ...api.secrets]);
  const recorder = options.recordDir === null ? null : createTraceRecorder(options.recordDir, options.cwd);
  const runLimiter = createLimiter(options.concurrency);
  const runsPerCase = options.ask ? Math.max(1, options.repeat) : 1;
  /** Record file name → the case that writes it; the first case to claim a name keeps it. */
  const recordOwners = new Map<string, string>();
  const warnings: string[] = [];

  async function obtain(evalCase: EvalCase): Promise<{ sessionId: string | null; trace: JsonResult }> {
    if (options.ask) {
      const asked = await askQuestion(client, api.chatUrl, evalCase.question);
      if (!asked.ok) return { sessionId: null, trace: asked };
      const trace = await pollTrace(client, api.traceUrl(asked.sessionId), {
        timeoutMs: options.pollTimeoutMs,
        sleep,
        now,
      });
      return { sessionId: asked.sessionId, trace };
    }
    const { sessions } = options;
    const sessionId =
      sessions !== null && Object.hasOwn(sessions, evalCase.id) ? (sessions[evalCase.id] ?? null) : evalCase.sessionId;
    if (sessionId !== null) return { sessionId, trace: await fetchTrace(client, api.traceUrl(sessionId)) };
    const reason =
      sessions === null
        ? 'no session id: the case has no sessionId; give it one in the case file, map it with --sessions FILE, or use --ask'
        : `no session id: the case has no sessionId and the --sessions file does not map ${JSON.stringify(evalCase.id)}; add it there, or use --ask`;
    return { sessionId, trace: { ok: false, reason } };
  }

  async function runOnce(evalCase: EvalCase, run: number, recordName: string | null): Promise<TraceRunInput> {
    const runName = runsPerCase > 1 ? `${evalCase.id} run ${run}` : evalCase.id;
    const { sessionId, trace } = await obtain(evalCase);
    const shownSessionId = sessionId === null ? null : redactor.text(sessionId);
    if (!trace.ok)
      return { kind: 'not_run', reason: redactor.text(trace.reason), traceFixture: null, sessionId: shownSessionId };
    // fetchTrace and pollTrace hand the trace over without its envelope.
    const cleaned = redactor.json(trace.value);
    if (cleaned.redacted)
      warnings.push(`${runName}: the trace contained a --header value; it was replaced by ${REDACTED}`);
    let traceFixture: string | null = null;
    if (recorder !== null && recordName !== null) {
      try {
        traceFixture = await recorder.write(recordName, cleaned.value);
      } catch (error) {
        // JSON.stringify recurses: a trace deeper than it can walk is evaluated all the same, only not written.
        const why = isStackOverflow(error)
          ? 'the trace is nested too deeply to write as JSON (thousands of levels)'
          : `cannot write the file (${describeFsError(error)})`;
        warnings.push(`${runName}: not recorded: ${redactor.text(why)}`);
      }
    }
    return { kind: 'document', document: cleaned.value, traceFixture, sessionId: shownSessionId };
  }

  function claimRecordName(evalCase: EvalCase, run: number): string | null {
    if (recorder === null) return null;
    const name = recorder.fileName(evalCase.traceFixture, run, runsPerCase);
    const owner = recordOwners.get(name);
    if (owner === undefined) recordOwners.set(name, evalCase.id);
    else if (owner !== evalCase.id) {
      warnings.push(`${evalCase.id}: not recorded: the fixture name ${name} is already recorded for case ${owner}`);
      return null;
    }
    return name;
  }

  return {
    concurrency: options.concurrency,
    warnings: () => [...warnings].sort(),
    tracesFor(evalCase) {
      // Names are claimed before anything is awaited, so cases sharing a fixture resolve in the order they are asked for.
      const recordNames = Array.from({ length: runsPerCase }, (_, index) => claimRecordName(evalCase, index + 1));
      return Promise.all(
        recordNames.map((recordName, index) =>
          runLimiter
            .run(() => runOnce(evalCase, index + 1, recordName))
            .catch((error: unknown): TraceRunInput => {
              // Nothing answered the run's first request: the run stops, it is not one case's failure.
              if (error instanceof ServiceUnreachableError) throw error;
              return {
                kind: 'not_run',
                // A body nested thousands of levels deep is the service's problem, not a bug of the harness.
                reason: isStackOverflow(error)
                  ? 'the trace is nested too deeply to read (thousands of levels); expected a diagnosis trace'
                  : redactor.text(
                      `internal error while getting the trace: ${error instanceof Error ? error.message : String(error)}`,
                    ),
                traceFixture: null,
                sessionId: null,
              };
            }),
        ),
      );
    },
  };
}
