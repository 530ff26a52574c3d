import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EvalCase } from '../../src/cases/types.js';
import { makeEvalCase } from '../helpers/eval-case.js';

/** A request as the simulated diagnosis service saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Answers one request; `hit` counts the requests to this route so far, from 1. */
export type Route = (response: ServerResponse, hit: number, request: SeenRequest) => void | Promise<void>;

export interface SimulatedService {
  url: string;
  requests: SeenRequest[];
  /** The most requests that were open at the same moment. */
  maxInFlight(): number;
  close(): Promise<void>;
}

/**
 * A diagnosis service on 127.0.0.1 with a free port, scripted per route (`"GET /api/…"`).
 * Unscripted routes answer 404, like a service that does not know the session.
 */
export async function startSimulatedService(routes: Record<string, Route>): Promise<SimulatedService> {
  const requests: SeenRequest[] = [];
  const hits = new Map<string, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((incoming, response) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    response.on('close', () => {
      inFlight -= 1;
    });
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: SeenRequest = {
        method: incoming.method ?? '',
        path: incoming.url ?? '',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const key = `${request.method} ${request.path.split('?')[0]}`;
      const hit = (hits.get(key) ?? 0) + 1;
      hits.set(key, hit);
      const route = routes[key];
      if (route === undefined) sendJson(response, 404, { code: 404, message: 'not found' });
      else void route(response, hit, request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export function sendText(response: ServerResponse, status: number, text: string, contentType = 'text/html'): void {
  response.writeHead(status, { 'content-type': contentType });
  response.end(text);
}

/** A port nothing listens on: opened to get a free number, then closed again. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A clock that moves only when slept on, so that polling for minutes and backing off for
 * seconds take no real time. `sleeps` records every wait asked for.
 */
export function fakeClock(): { now: () => number; sleep: (ms: number) => Promise<void>; sleeps: number[] } {
  let time = 1_000_000;
  const sleeps: number[] = [];
  return {
    now: () => time,
    sleep: async (ms) => {
      sleeps.push(ms);
      time += ms;
    },
    sleeps,
  };
}

/** A trace that passes `evalCase` below when its verdict is PASS. */
export function diagnosisTrace(
  sessionId: string,
  overrides: Record<string, unknown> = {},
  verdict = 'PASS',
): Record<string, unknown> {
  return {
    sessionId,
    question: 'Why are payments timing out?',
    status: 'COMPLETED',
    finalAnswer: 'The connection pool is exhausted by a batch job.',
    durationMs: 1200,
    toolInvocations: [{ toolName: 'queryMetrics', evidenceStatus: 'supported', durationMs: 40 }],
    selfEvaluation: { verifier_evaluation: { verdict, reason: 'ok' } },
    ...overrides,
  };
}

export function evalCase(overrides: Partial<EvalCase> = {}): EvalCase {
  return makeEvalCase({
    id: 'payment-timeout',
    question: 'Why are payments timing out?',
    rootCauseKeywords: ['connection pool'],
    requiredEvidenceTools: ['queryMetrics'],
    ...overrides,
  });
}
