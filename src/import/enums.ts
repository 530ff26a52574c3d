import type { SpanKind, StatusCode } from './span.js';

/**
 * OTLP enums arrive as numbers (the proto values), as proto names (Tempo: `SPAN_KIND_SERVER`,
 * `STATUS_CODE_ERROR`) or as plain words (Jaeger's `span.kind` and `otel.status_code` tags).
 */
const SPAN_KINDS: readonly SpanKind[] = ['unspecified', 'internal', 'server', 'client', 'producer', 'consumer'];
const STATUS_CODES: readonly StatusCode[] = ['unset', 'ok', 'error'];

export function parseSpanKind(value: unknown): SpanKind {
  return parseEnum(value, SPAN_KINDS, 'SPAN_KIND_') ?? 'unspecified';
}

export function parseStatusCode(value: unknown): StatusCode {
  return parseEnum(value, STATUS_CODES, 'STATUS_CODE_') ?? 'unset';
}

function parseEnum<T extends string>(value: unknown, names: readonly T[], prefix: string): T | null {
  if (typeof value === 'number' || typeof value === 'bigint') return names[Number(value)] ?? null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^\d+$/u.test(text)) return names[Number(text)] ?? null;
  const word = text.toUpperCase().startsWith(prefix) ? text.slice(prefix.length) : text;
  return names.find((name) => name === word.toLowerCase()) ?? null;
}
