import { describe, expect, it } from 'vitest';
import { sessionIdOf, twinKey, unwrapEnvelope } from '../../src/trace/envelope.js';

describe('trace envelope and twin names, resolved in one place', () => {
  it.each([
    ['camelCase', { sessionId: 's-1' }, 's-1'],
    ['snake_case twin', { session_id: 's-2' }, 's-2'],
    ['a number id, as its digits', { sessionId: 42 }, '42'],
    ['camelCase blank, snake_case given', { sessionId: '  ', session_id: 's-3' }, 's-3'],
    ['Chinese id', { session_id: '会话-7' }, '会话-7'],
    ['neither', { id: 's-4' }, null],
    ['blank only', { sessionId: '' }, null],
    ['not an object', ['s-5'], null],
  ])('sessionIdOf: %s', (_name, value, expected) => {
    expect(sessionIdOf(value)).toBe(expected);
  });

  it.each([
    [{ toolName: 'a' }, 'toolName'],
    [{ tool_name: 'a' }, 'tool_name'],
    [{ toolName: 'a', tool_name: 'b' }, 'toolName'],
    [{}, 'toolName'],
  ])('twinKey of %j', (object, key) => {
    expect(twinKey(object, 'toolName')).toBe(key);
  });

  it('unwraps a {code, message, data} envelope, and not a trace that has a data field of its own', () => {
    const trace = { finalAnswer: 'x', toolInvocations: [] };
    expect(unwrapEnvelope({ code: 0, message: 'ok', data: trace })).toEqual({ root: trace, path: 'data' });
    const withData = { finalAnswer: 'x', data: { a: 1 } };
    expect(unwrapEnvelope(withData)).toEqual({ root: withData, path: '' });
  });
});
