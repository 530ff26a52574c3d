import { parseJson } from '../io/json/parse-json.js';

/**
 * A response body as JSON: one document, or several, one per line, as a streaming gateway
 * (Jaeger's api_v3) sends them; then the documents as an array. Null when it is neither.
 */
export function parseJsonBody(body: string): unknown {
  const whole = parseJson(body);
  if (whole.ok) return whole.value;
  const lines = body.split('\n').filter((line) => line.trim() !== '');
  if (lines.length < 2) return null;
  const documents: unknown[] = [];
  for (const line of lines) {
    const parsed = parseJson(line);
    if (!parsed.ok) return null;
    documents.push(parsed.value);
  }
  return documents;
}
