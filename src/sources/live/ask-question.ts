import { isRecord } from '../../io/validation/is-record.js';
import { sessionIdOf } from '../../trace/envelope.js';
import { describeOutcome, type HttpClient, type HttpRequest, jsonFromOutcome } from './http-client.js';

export type AskResult = { ok: true; sessionId: string } | { ok: false; reason: string };

/** `POST /api/chat {question}` starts a diagnosis; its answer carries the session id, at the top level or in a `data` envelope. */
export async function askQuestion(client: HttpClient, chatUrl: URL, question: string): Promise<AskResult> {
  const request: HttpRequest = { method: 'POST', url: chatUrl, json: { question } };
  const outcome = await client.send(request);
  const body = jsonFromOutcome(request, outcome);
  if (!body.ok) return body;
  const sessionId = sessionIdOf(body.value) ?? sessionIdOf(isRecord(body.value) ? body.value['data'] : undefined);
  if (sessionId === null)
    return { ok: false, reason: describeOutcome(request, outcome, 'the response has no sessionId') };
  return { ok: true, sessionId };
}
