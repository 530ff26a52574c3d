import { describe, expect, it } from 'vitest';
import { convertTrace } from '../../src/pull/convert-trace.js';

const TRACE_ID = '5b8efff798038103d269b633813fc60c';

function span(spanId: string, name: string, parentSpanId?: string) {
  return {
    traceId: TRACE_ID,
    spanId,
    ...(parentSpanId === undefined ? {} : { parentSpanId }),
    name,
    startTimeUnixNano: '1777555053000000000',
    endTimeUnixNano: '1777555058000000000',
    attributes: [{ key: 'gen_ai.operation.name', value: { stringValue: name.split(' ')[0] } }],
  };
}

const otlp = (spans: unknown[]) => ({ resourceSpans: [{ scopeSpans: [{ spans }] }] });

describe('S61 convertTrace: a trace the importer skips a part of is a skip, named by what was skipped', () => {
  it.each([
    [
      'a span without a span id',
      otlp([span('a000000000000001', 'invoke_agent diagnoser'), { ...span('', 'execute_tool queryLogs') }]),
      /^span "execute_tool queryLogs" has no span id; skipped$/u,
    ],
    [
      'two different spans under one span id',
      otlp([
        span('a000000000000001', 'invoke_agent diagnoser'),
        span('a000000000000002', 'chat gpt-4o', 'a000000000000001'),
        span('a000000000000002', 'execute_tool queryLogs', 'a000000000000001'),
      ]),
      new RegExp(
        `^trace ${TRACE_ID}: span "(chat gpt-4o|execute_tool queryLogs)" has span id a000000000000002, which another span of the trace \\("(chat gpt-4o|execute_tool queryLogs)"\\) has with different content; expected each span id once in a trace; span skipped$`,
        'u',
      ),
    ],
    [
      'a document of no known format',
      { traces: [] },
      /^unknown trace format: found a JSON object with keys "traces"; expected /u,
    ],
  ])('%s: the problem holds neither the staging name nor its line', async (_label, document, problem) => {
    const conversion = await convertTrace(TRACE_ID, document);
    expect(conversion.ok).toBe(false);
    expect(conversion.ok ? null : conversion.problem).toMatch(problem);
  });
});
