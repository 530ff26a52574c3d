import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A trace the stand-in store holds: its id, when it started (epoch seconds), and the export document served for it. */
export interface StoredTrace {
  traceId: string;
  startSeconds: number;
  /** For Tempo: the value of `trace` in the v2 answer; for Jaeger: the value of `result`. */
  document: unknown;
}

export interface SeenRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface FakeStoreOptions {
  /** The first `n` requests to this path get 429 with this Retry-After. */
  throttle?: { path: string; times: number; retryAfter: string };
  /** Jaeger: answer a search as a stream, one `{"result": …}` object per trace, one per line. */
  streamed?: boolean;
}

export interface FakeTraceStore {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/**
 * Tempo's and Jaeger's query APIs on 127.0.0.1 as documented, over a fixed set of traces:
 * Tempo `GET /api/search?q&start&end&limit` (results newest first, at most `limit`, no cursor)
 * and `GET /api/v2/traces/{id}` (`{"trace": …}`); Jaeger `GET /api/v3/traces?query.…` (OTLP in
 * `{"result": …}`, 404 when nothing matches) and `GET /api/v3/traces/{id}`. A trace matches a
 * search when it starts in [start, end).
 */
export async function startFakeTraceStore(
  kind: 'tempo' | 'jaeger',
  traces: readonly StoredTrace[],
  options: FakeStoreOptions = {},
): Promise<FakeTraceStore> {
  const requests: SeenRequest[] = [];
  const throttled = new Map<string, number>();
  const server = createServer((incoming, response) => {
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
    requests.push({ path: url.pathname, query: url.searchParams, headers: incoming.headers });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    const throttle = options.throttle;
    if (
      throttle !== undefined &&
      url.pathname === throttle.path &&
      (throttled.get(url.pathname) ?? 0) < throttle.times
    ) {
      throttled.set(url.pathname, (throttled.get(url.pathname) ?? 0) + 1);
      send(429, { error: 'slow down' }, { 'retry-after': throttle.retryAfter });
      return;
    }
    const inRange = (start: number, end: number): StoredTrace[] =>
      traces
        .filter((trace) => trace.startSeconds >= start && trace.startSeconds < end)
        .sort((a, b) => b.startSeconds - a.startSeconds);
    if (kind === 'tempo' && url.pathname === '/api/search') {
      const found = inRange(Number(url.searchParams.get('start')), Number(url.searchParams.get('end'))).slice(
        0,
        Number(url.searchParams.get('limit') ?? 20),
      );
      // Tempo drops leading zeros of trace ids in search results.
      send(200, {
        traces: found.map((trace) => ({
          traceID: trace.traceId.replace(/^0+/u, ''),
          rootServiceName: 'diagnosis',
          startTimeUnixNano: String(trace.startSeconds * 1e9),
        })),
        metrics: {},
      });
      return;
    }
    const tempoTrace = /^\/api\/v2\/traces\/([0-9a-f]+)$/u.exec(url.pathname);
    if (kind === 'tempo' && tempoTrace !== null) {
      const trace = traces.find((candidate) => candidate.traceId === tempoTrace[1]);
      if (trace === undefined) send(404, { error: 'trace not found' });
      else send(200, { trace: trace.document, status: 'complete' });
      return;
    }
    if (kind === 'jaeger' && url.pathname === '/api/v3/traces') {
      const start = Date.parse(url.searchParams.get('query.start_time_min') ?? '') / 1000;
      const end = Date.parse(url.searchParams.get('query.start_time_max') ?? '') / 1000;
      const found = inRange(start, end).slice(0, Number(url.searchParams.get('query.search_depth') ?? 20));
      if (url.searchParams.get('query.service_name') === null)
        send(400, { error: { httpCode: 400, message: 'service_name required' } });
      else if (found.length === 0) send(404, { error: { httpCode: 404, message: 'trace not found' } });
      else if (options.streamed === true) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(found.map((trace) => JSON.stringify({ result: trace.document })).join('\n'));
      } else
        send(200, {
          result: {
            resourceSpans: found.flatMap(
              (trace) => (trace.document as { resourceSpans: unknown[] }).resourceSpans ?? [],
            ),
          },
        });
      return;
    }
    const jaegerTrace = /^\/api\/v3\/traces\/([0-9a-f]+)$/u.exec(url.pathname);
    if (kind === 'jaeger' && jaegerTrace !== null) {
      const trace = traces.find((candidate) => candidate.traceId === jaegerTrace[1]);
      if (trace === undefined) send(404, { error: { httpCode: 404, message: 'trace not found' } });
      else send(200, { result: trace.document });
      return;
    }
    send(404, { error: 'no such route' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A diagnosis agent's trace as OTLP/JSON: an invoke_agent span with the question and answer, one execute_tool span per tool, the verifier's verdict. */
export function otlpDiagnosisTrace(
  traceId: string,
  startSeconds: number,
  spec: { question: string; answer: string; tools: string[]; verdict?: string },
): unknown {
  const start = BigInt(startSeconds) * 1_000_000_000n;
  const text = (key: string, value: string) => ({ key, value: { stringValue: value } });
  const agentSpanId = `${traceId.slice(0, 15)}a`;
  const spans = [
    {
      traceId,
      spanId: agentSpanId,
      name: 'invoke_agent diagnosis',
      kind: 1,
      startTimeUnixNano: String(start),
      endTimeUnixNano: String(start + 2_000_000_000n),
      attributes: [
        text('gen_ai.operation.name', 'invoke_agent'),
        text('gen_ai.conversation.id', `session-${traceId.slice(0, 8)}`),
        text('input.value', spec.question),
        text('output.value', spec.answer),
      ],
      events: [
        {
          name: 'gen_ai.evaluation.result',
          timeUnixNano: String(start + 1_900_000_000n),
          attributes: [
            text('gen_ai.evaluation.name', 'verifier'),
            text('gen_ai.evaluation.score.label', spec.verdict ?? 'PASS'),
            text('gen_ai.evaluation.explanation', 'supported by the logs'),
          ],
        },
      ],
      status: { code: 1 },
    },
    ...spec.tools.map((tool, index) => ({
      traceId,
      spanId: `${traceId.slice(0, 14)}b${index}`,
      parentSpanId: agentSpanId,
      name: `execute_tool ${tool}`,
      kind: 1,
      startTimeUnixNano: String(start + BigInt(index + 1) * 100_000_000n),
      endTimeUnixNano: String(start + BigInt(index + 1) * 100_000_000n + 50_000_000n),
      attributes: [text('gen_ai.operation.name', 'execute_tool'), text('gen_ai.tool.name', tool)],
      status: { code: 1 },
    })),
  ];
  return {
    resourceSpans: [
      {
        resource: { attributes: [text('service.name', 'diagnosis')] },
        scopeSpans: [{ scope: { name: 'diagnosis-agent' }, spans }],
      },
    ],
  };
}
