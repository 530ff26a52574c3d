import { describe, expect, it } from 'vitest';
import { decodeJsonStringLiteral, textOrJson } from '../../src/import/map/json-string-literal.js';
import { readSpringContentLog } from '../../src/import/map/spring-content-log.js';
import { toTraceDocument } from '../../src/import/map/to-trace.js';
import { createAttributes, type ImportedSpan } from '../../src/import/read/span.js';

function span(spanId: string, parentSpanId: string | null, attributes: Record<string, unknown>): ImportedSpan {
  return {
    traceId: 'ab'.repeat(16),
    spanId,
    parentSpanId,
    name: spanId,
    kind: 'internal',
    startNs: 1_000_000n,
    endNs: 3_000_000n,
    status: { code: 'unset', message: null },
    attributes: Object.assign(createAttributes(), attributes),
    events: [],
    resource: createAttributes(),
  };
}

describe("Spring AI's chat client content records (S71)", () => {
  it.each([
    [
      'S71 system and user entries',
      'Chat Client Prompt Content:\n["system":"Be brief.", "user":"Why is checkout slow?"]',
      {
        kind: 'prompt',
        prefix: 'Chat Client Prompt Content:',
        entries: { system: 'Be brief.', user: 'Why is checkout slow?' },
      },
    ],
    [
      'S71 a value holding quotes and ", " (nothing is escaped)',
      'Chat Client Prompt Content:\n["user":"Is "order-service", "payment" or both down?"]',
      {
        kind: 'prompt',
        prefix: 'Chat Client Prompt Content:',
        entries: { user: 'Is "order-service", "payment" or both down?' },
      },
    ],
    [
      'S71 a Chinese user entry',
      'Chat Client Prompt Content:\n["user":"订单服务为什么报错？"]',
      { kind: 'prompt', prefix: 'Chat Client Prompt Content:', entries: { user: '订单服务为什么报错？' } },
    ],
    [
      'S71 a completion',
      'Chat Client Completion:\n["The pool is exhausted."]',
      { kind: 'completion', prefix: 'Chat Client Completion:', texts: ['The pool is exhausted.'] },
    ],
    [
      'S71 an empty prompt',
      'Chat Client Prompt Content:\n[]',
      { kind: 'prompt', prefix: 'Chat Client Prompt Content:', entries: {} },
    ],
    [
      'S71 a record cut in the middle',
      'Chat Client Prompt Content:\n["user":"Why is',
      { kind: 'cut', prefix: 'Chat Client Prompt Content:' },
    ],
    ['S71 another log record', 'Started DiagnosisApplication in 2.1 seconds', null],
  ] as const)('%s', (_name, body, expected) => {
    expect(readSpringContentLog(body)).toEqual(expected);
  });
});

describe('JSON string literals (S71, S72)', () => {
  it.each([
    ['S71 a quoted text', '"disk full"', 'disk full'],
    ['S71 JSON text quoted once more (Spring AI 1.x)', '"{\\"ok\\":true}"', '{"ok":true}'],
    ['S72 a quoted Chinese answer', '"连接池耗尽"', '连接池耗尽'],
    ['S72 text that only starts with a quote stays', '"Quoted" is what they said', '"Quoted" is what they said'],
    ['S72 a literal that does not parse stays', '"broken \\x"', '"broken \\x"'],
  ] as const)('%s', (_name, text, decoded) => {
    expect(decodeJsonStringLiteral(text)).toBe(decoded);
  });

  it('S71 a tool result encoded twice is parsed once decoded', () => {
    expect(textOrJson('"{\\"ok\\":true}"')).toEqual({ ok: true });
    expect(textOrJson('plain')).toBe('plain');
  });
});

describe('Spring AI Alibaba usage (S71)', () => {
  it('S71 a graph or node span that records counts adds none: only the model calls count', () => {
    const document = toTraceDocument({
      traceId: 'ab'.repeat(16),
      spans: [
        span('g1', null, {
          'spring.ai.alibaba.kind': 'graph',
          'spring.ai.alibaba.graph.name': 'planner',
          'gen_ai.usage.input_tokens': '999',
        }),
        span('n1', 'g1', { 'spring.ai.alibaba.kind': 'graph_node', prompt_tokens: 500, completion_tokens: 50 }),
        span('m1', 'n1', { 'gen_ai.operation.name': 'chat', prompt_tokens: '120', completion_tokens: '30' }),
      ],
    });
    expect(document.usage).toEqual({ inputTokens: 120, outputTokens: 30 });
    expect(document.agentSteps?.map((step) => [step.agentName, step.usage])).toEqual([
      ['planner', { inputTokens: 120, outputTokens: 30 }],
      ['m1', { inputTokens: 120, outputTokens: 30 }],
    ]);
  });

  it('S71 a system-plus-user plain prompt is no question; a one-message prompt is', () => {
    const model = (prompt: string) =>
      toTraceDocument({
        traceId: 'ab'.repeat(16),
        spans: [span('m1', null, { 'gen_ai.operation.name': 'chat', 'gen_ai.prompt': prompt })],
      }).question;
    expect(model('You are an AIOps assistant.\nWhy is checkout slow?')).toBeNull();
    expect(model('Why is checkout slow?')).toBe('Why is checkout slow?');
  });
});
