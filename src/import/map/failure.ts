import { isRecord } from '../../io/validation/is-record.js';
import type { ImportedSpan } from '../read/span.js';
import { ATTR, asText, EVENT, firstFound } from './conventions.js';
import { contentText, isMcpResult, toolMessageFields } from './envelopes.js';

export interface ToolFailure {
  failed: boolean;
  message: string | null;
}

/**
 * Whether a tool call failed, and why. Instrumentations mark a failed span (status ERROR,
 * `error.type`), but many tools report failure inside an ordinary result that the span records
 * as OK: an MCP result with `isError: true`, a ToolMessage with `status: "error"`, a result
 * `{"status": "error", …}` or one with a non-empty `error`. Each level of the result's envelopes
 * (outermost first) is looked at, so that a failure wrapped in a LangChain output still counts.
 */
export function toolFailureOf(span: ImportedSpan, resultLevels: readonly unknown[]): ToolFailure {
  const errorType = asText(span.attributes[ATTR.errorType]) || null;
  const inResult = resultFailureOf(resultLevels);
  if (span.status.code !== 'error' && errorType === null && !inResult.failed) return inResult;
  return { failed: true, message: span.status.message ?? exceptionMessage(span) ?? inResult.message ?? errorType };
}

/** A failure signalled only by the result: a tool call read from messages has no span to mark it. */
export function resultFailureOf(resultLevels: readonly unknown[]): ToolFailure {
  const inResult = resultLevels.map(failureInResult).find((message) => message !== undefined);
  return inResult === undefined ? { failed: false, message: null } : { failed: true, message: inResult };
}

function exceptionMessage(span: ImportedSpan): string | null {
  return firstFound(span.events, (event) =>
    event.name === EVENT.exception ? asText(event.attributes['exception.message']) || null : null,
  );
}

/** undefined: no failure signalled; a string or null: failed, with that message. */
function failureInResult(value: unknown): string | null | undefined {
  if (!isRecord(value)) return undefined;
  if (isMcpResult(value) && value.isError === true) return contentText(value.content);
  const message = toolMessageFields(value);
  if (message !== null && typeof message.status === 'string' && message.status.toLowerCase() === 'error') {
    return contentText(message.content);
  }
  if (typeof value.status === 'string' && value.status.toLowerCase() === 'error') {
    return errorText(value.error) ?? errorText(value.message) ?? errorText(value.detail);
  }
  if (isPresentError(value.error)) return errorText(value.error);
  return undefined;
}

/** `error: null`, `false`, `0`, `""`, `{}` or `[]` says there was none. */
function isPresentError(error: unknown): boolean {
  if (error === undefined || error === null || error === false || error === '' || error === 0) return false;
  if (Array.isArray(error)) return error.length > 0;
  if (isRecord(error)) return Object.keys(error).length > 0;
  return true;
}

function errorText(error: unknown): string | null {
  if (typeof error === 'string') return error === '' ? null : error;
  if (typeof error === 'number' || typeof error === 'boolean') return String(error);
  if (isRecord(error)) {
    const message = error.message ?? error.detail ?? error.error;
    if (typeof message === 'string' && message !== '') return message;
    return JSON.stringify(error);
  }
  if (Array.isArray(error)) return error.length === 0 ? null : JSON.stringify(error);
  return null;
}
