import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseJsonOrUndefined } from '../io/json/parse-json.js';
import { decodedOrNull } from '../sources/live/service-api.js';
import { loadReplayFixtures, normalizeQuestion, type ReplayFixture } from './replay-fixtures.js';

export interface ReplayServerOptions {
  fixturesDir: string;
  /** 0 picks a free port. */
  port: number;
  host: string;
  /** Where file paths in `fixtures` and `warnings` are relative to; the process's by default. */
  cwd?: string;
}

export interface ReplayServer {
  /** `http://host:port`, ready for `diag-eval run --api`. */
  url: string;
  /** The session ids served, sorted. */
  ids: string[];
  /** Each id and the file it serves, in file-path order. */
  fixtures: Array<{ id: string; file: string }>;
  /** Fixtures skipped or served as they are although they are not JSON objects. */
  warnings: string[];
  close(): Promise<void>;
}

const TRACE_PATH = /^\/api\/diagnosis\/([^/]+)\/trace$/u;
const CHAT_PATH = '/api/chat';
const MAX_CHAT_BODY_BYTES = 1024 * 1024;

/**
 * Serves a fixture folder on the diagnosis service's trace API, so that live mode can be tried
 * (and the service's team can contract-test) without the service: `GET /api/diagnosis/{id}/trace`
 * returns the fixture's bytes, and `POST /api/chat` answers with the session id of a fixture whose
 * question matches. When several fixtures share a question (recorded repeat runs), successive asks
 * take them in turn, so `--ask --repeat` replays them all.
 */
export async function startReplayServer(options: ReplayServerOptions): Promise<ReplayServer> {
  const { fixtures, warnings } = await loadReplayFixtures(options.fixturesDir, options.cwd ?? process.cwd());
  const byId = new Map(fixtures.map((fixture) => [fixture.id, fixture]));
  const byQuestion = new Map<string, ReplayFixture[]>();
  for (const fixture of fixtures) {
    if (fixture.question === null) continue;
    byQuestion.set(fixture.question, [...(byQuestion.get(fixture.question) ?? []), fixture]);
  }
  const asked = new Map<string, number>();

  function answerChat(question: string): ReplayFixture | null {
    const key = normalizeQuestion(question);
    const candidates = byQuestion.get(key);
    if (candidates === undefined) return null;
    const turn = asked.get(key) ?? 0;
    asked.set(key, turn + 1);
    return candidates[turn % candidates.length] ?? null;
  }

  const server = createServer((request, response) => {
    handle(request, response, byId, answerChat).catch(() => {
      if (!response.headersSent) sendError(response, 500, 'internal error');
      else response.destroy();
    });
  });
  server.listen(options.port, options.host);
  // Rejects with the server's 'error' (the port taken, the host not this machine's) instead.
  await once(server, 'listening');
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' || address.address.includes(':') ? `[${address.address}]` : address.address;

  let closing: Promise<void> | null = null;
  return {
    url: `http://${host}:${address.port}`,
    ids: [...byId.keys()].sort(),
    fixtures: fixtures.map(({ id, file }) => ({ id, file })),
    warnings,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Clients keep connections alive; without this, close would wait for them to time out.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  byId: Map<string, ReplayFixture>,
  answerChat: (question: string) => ReplayFixture | null,
): Promise<void> {
  const { pathname } = new URL(request.url ?? '/', 'http://replay.invalid');
  const traceMatch = TRACE_PATH.exec(pathname);
  if (traceMatch?.[1] !== undefined) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendMethodNotAllowed(response, 'GET, HEAD');
    const id = decodedOrNull(traceMatch[1]);
    const fixture = id === null ? undefined : byId.get(id);
    if (fixture === undefined)
      return sendError(response, 404, `no trace for session ${JSON.stringify(id ?? traceMatch[1])}`);
    return sendBody(response, 200, fixture.body, request.method === 'HEAD');
  }
  if (pathname === CHAT_PATH) {
    if (request.method !== 'POST') return sendMethodNotAllowed(response, 'POST');
    const question = await readQuestion(request);
    if (question === null) return sendError(response, 400, 'expected a JSON body {"question": "…"}');
    const fixture = answerChat(question);
    if (fixture === null) return sendError(response, 404, 'no fixture has this question');
    return sendJson(response, 200, { sessionId: fixture.id });
  }
  sendError(response, 404, `no such endpoint: ${pathname}`);
}

async function readQuestion(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_CHAT_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  const body = parseJsonOrUndefined(Buffer.concat(chunks).toString('utf8'));
  const question = (body as { question?: unknown } | null | undefined)?.question;
  return typeof question === 'string' ? question : null;
}

function sendMethodNotAllowed(response: ServerResponse, allow: string): void {
  response.setHeader('allow', allow);
  sendError(response, 405, `method not allowed; use ${allow}`);
}

/** The service's error body: the status again, and what went wrong. */
function sendError(response: ServerResponse, status: number, message: string): void {
  sendJson(response, status, { code: status, message });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  sendBody(response, status, Buffer.from(`${JSON.stringify(body)}\n`, 'utf8'), false);
}

/** JSON bytes as they are; a HEAD request gets the headers only. */
function sendBody(response: ServerResponse, status: number, body: Buffer, headersOnly: boolean): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  response.end(headersOnly ? undefined : body);
}
