import { parseJsonOrUndefined } from '../io/json/parse-json.js';

/**
 * A response body as JSON: one document, or several, one per line, as a streaming gateway
 * (Jaeger's api_v3) sends them; then the documents as an array. Null when it is neither.
 */
export function parseJsonBody(body: string): unknown {
  const whole = parseJsonOrUndefined(body);
  if (whole !== undefined) return whole;
  const lines = body.split('\n').filter((line) => line.trim() !== '');
  if (lines.length < 2) return null;
  const documents: unknown[] = [];
  for (const line of lines) {
    const parsed = parseJsonOrUndefined(line);
    if (parsed === undefined) return null;
    documents.push(parsed);
  }
  return documents;
}
