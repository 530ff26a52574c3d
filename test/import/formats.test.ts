import { describe, expect, it } from 'vitest';
import { importText, importTraces } from '../../src/import/import-traces.js';
import { detectFormat } from '../../src/import/read/detect.js';
import { InputError } from '../../src/io/errors.js';
import { FIXTURES, fixture, temporaryFolder, writeTemporaryFile } from './helpers.js';

async function importOne(name: string, from: 'auto' | 'otlp' | 'jaeger' | 'tempo' = 'auto') {
  return importTraces([name], from, FIXTURES);
}

describe('detectFormat: by content', () => {
  it.each([
    ['OTLP/JSON', { resourceSpans: [] }, 'otlp'],
    ["Jaeger v2's api_v3 (OTLP in `result`)", { result: { resourceSpans: [] } }, 'otlp'],
    ['Jaeger query API', { data: [{ traceID: 'ab', spans: [], processes: {} }] }, 'jaeger'],
    ['Tempo API v1', { batches: [] }, 'tempo'],
    ['Tempo API v2', { trace: { resourceSpans: [] } }, 'tempo'],
    ['Langfuse export', { trace: {}, observations: [] }, null],
    ['a list', [], null],
    ['an envelope whose data is no Jaeger trace', { data: [{ finalAnswer: 'x' }] }, null],
  ])('%s', (_label, document, expected) => {
    expect(detectFormat(document)).toBe(expected);
  });
});

describe('OTLP/JSON', () => {
  it('groups JSON Lines by trace id across lines, in order of first appearance', async () => {
    const { traces, skipped } = await importOne('otlp-split.jsonl');
    expect(skipped).toEqual([]);
    expect(traces.map((trace) => [trace.traceId, trace.file, trace.document.sessionId])).toEqual([
      ['5b8efff798038103d269b633813fc60c', 'otlp-split.jsonl', 'diag-0001'],
      ['4bf92f3577b34da6a3ce929d0e0e4736', 'otlp-split.jsonl', 'diag-0002'],
    ]);
    // Lines 1, 2 and 3 each hold part of the first trace.
    expect(traces[0]?.document.agentSteps?.map((step) => step.agentName)).toEqual([
      'diagnoser',
      'chat gpt-4o',
      'execute_tool queryMetrics',
      'execute_tool queryLogs',
      'chat gpt-4o',
    ]);
  });

  it('groups spans of one trace across files, and counts a span given twice once', async () => {
    const folder = await temporaryFolder();
    try {
      const lines = (await import('node:fs/promises')).readFile(fixture('otlp-split.jsonl'), 'utf8');
      const [first = '', second = '', third = ''] = (await lines).split('\n');
      await writeTemporaryFile(folder.path, 'part-1.jsonl', `${first}\n${second}\n`);
      await writeTemporaryFile(folder.path, 'part-2.jsonl', `${third}\n${first}\n`);
      const { traces } = await importTraces(['part-1.jsonl', 'part-2.jsonl'], 'auto', folder.path);
      expect(traces).toHaveLength(2);
      expect(traces[0]?.document.toolCallCount).toBe(2);
      expect(traces[0]?.document.finalAnswer).toBe('The DB connection pool is exhausted.');
    } finally {
      await folder.cleanup();
    }
  });

  it('reads JSON Lines with a byte-order mark and CRLF line ends', async () => {
    const folder = await temporaryFolder();
    try {
      const text = await (await import('node:fs/promises')).readFile(fixture('otlp-split.jsonl'), 'utf8');
      await writeTemporaryFile(folder.path, 'windows.json', `\uFEFF${text.replaceAll('\n', '\r\n')}`);
      const { traces, skipped } = await importTraces(['windows.json'], 'auto', folder.path);
      expect(skipped).toEqual([]);
      expect(traces.map((trace) => trace.document.sessionId)).toEqual(['diag-0001', 'diag-0002']);
    } finally {
      await folder.cleanup();
    }
  });

  it('keeps timestamps beyond 2^53 exact, given as JSON numbers or strings, and reads decimal ids', async () => {
    const { traces } = await importOne('otlp-bigint.json');
    const [trace] = traces;
    expect(trace?.traceId).toBe('4bedea77bb33b9c5f280371eae21ea97');
    // 1777555058430498803 − 1777555053780274701 ns; a double would have rounded both ends.
    expect(trace?.document.durationMs).toBe(4650.224102);
    expect(trace?.document.sessionId).toBe('9007199254740993');
    expect(trace?.document.toolInvocations).toEqual([
      {
        toolName: 'clock',
        startedAt: '2026-04-30T13:17:34.000Z',
        durationMs: 0.000998,
        arguments: { big: '9007199254740993', bigText: '18446744073709551615', safe: 42 },
        resultSummary: null,
        errorMessage: null,
      },
    ]);
  });

  it('flattens every attribute value type, with "any" values structured or as JSON strings', async () => {
    const { traces } = await importOne('otlp-attribute-types.json');
    const document = traces[0]?.document;
    expect(document?.question).toBe('Which types survive?');
    expect(document?.finalAnswer).toBe('All of them.');
    expect(document?.toolInvocations?.map((tool) => [tool.toolName, tool.arguments, tool.resultSummary])).toEqual([
      [
        'every_type',
        {
          string: 'text',
          bool: true,
          intAsString: -7,
          intAsNumber: 7,
          double: 0.25,
          doubleNaN: 'NaN',
          doubleInfinity: 'Infinity',
          bytes: 'AAEC/w==',
          array: ['a', 1, false, []],
          kvlist: { nested: 'yes', deeper: { n: 1.5 } },
          empty: null,
        },
        ['ok', 2],
      ],
      ['json_strings', { query: 'up == 0', limit: 5 }, [{ instance: 'db-1' }]],
      ['plain_text', '{not json', '42'],
    ]);
  });

  it('ignores unknown fields at every level', async () => {
    const { traces, skipped } = await importOne('unknown-fields.json');
    expect(skipped).toEqual([]);
    expect(traces.map((trace) => [trace.traceId, trace.document.sessionId, trace.document.durationMs])).toEqual([
      ['a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1', 'future-1', 250],
    ]);
  });

  it('reads the official OTLP example format with --from otlp', async () => {
    const folder = await temporaryFolder();
    try {
      const example = {
        resourceSpans: [
          {
            resource: { attributes: [{ key: 'service.name', value: { stringValue: 'my.service' } }] },
            scopeSpans: [
              {
                scope: { name: 'my.library', version: '1.0.0' },
                spans: [
                  {
                    traceId: '5B8EFFF798038103D269B633813FC60C',
                    spanId: 'EEE19B7EC3C1B174',
                    parentSpanId: 'EEE19B7EC3C1B173',
                    name: "I'm a server span",
                    startTimeUnixNano: '1544712660000000000',
                    endTimeUnixNano: '1544712661000000000',
                    kind: 2,
                  },
                ],
              },
            ],
          },
        ],
      };
      await writeTemporaryFile(folder.path, 'example.json', JSON.stringify(example, null, 2));
      const { traces } = await importTraces(['example.json'], 'otlp', folder.path);
      expect(traces[0]?.document).toMatchObject({
        sessionId: '5b8efff798038103d269b633813fc60c',
        durationMs: 1000,
        status: 'COMPLETED',
      });
    } finally {
      await folder.cleanup();
    }
  });
});

describe('Jaeger query-API JSON', () => {
  it('reads microsecond times, typed tags, status tags and logs as events; skips a trace without spans', async () => {
    const { traces, skipped } = await importOne('jaeger-typed-tags.json');
    expect(skipped).toEqual([
      {
        file: 'jaeger-typed-tags.json',
        line: null,
        message: 'trace 00000000000000000000000000000abc has no spans; skipped',
      },
    ]);
    expect(traces).toHaveLength(1);
    expect(traces[0]?.document).toEqual({
      sessionId: 'sess-42',
      question: 'Which pods are crash-looping?',
      status: 'FAILED',
      finalAnswer: 'Pod api-7 is crash-looping.',
      durationMs: 4163.849,
      stepCount: 3,
      toolCallCount: 1,
      // Traceloop's gen_ai.usage.prompt_tokens; no completion count is recorded, which counts 0.
      usage: { inputTokens: 1820, outputTokens: 0 },
      selfEvaluation: { verifier_evaluation: { verdict: 'revise', reason: 'One claim lacks evidence.' } },
      agentSteps: [
        {
          stepIndex: 1,
          agentName: 'triage',
          stepType: 'invoke_agent',
          startedAt: '2026-02-16T10:25:34.578Z',
          durationMs: 4163.849,
          usage: { inputTokens: 1820, outputTokens: 0 },
        },
        {
          stepIndex: 2,
          agentName: 'openai.chat',
          stepType: 'chat',
          startedAt: '2026-02-16T10:25:34.597Z',
          durationMs: 2274.805,
          usage: { inputTokens: 1820, outputTokens: 0 },
        },
        {
          stepIndex: 3,
          agentName: 'execute_tool kubectl_get',
          stepType: 'execute_tool',
          startedAt: '2026-02-16T10:25:36.879Z',
          durationMs: 57.091,
        },
      ],
      toolInvocations: [
        {
          toolName: 'kubectl_get',
          evidenceStatus: 'failed',
          startedAt: '2026-02-16T10:25:36.879Z',
          durationMs: 57.091,
          arguments: { resource: 'pods', namespace: 'shop' },
          resultSummary: null,
          errorMessage: 'kubectl timed out',
        },
      ],
    });
  });
});

describe('Grafana Tempo', () => {
  it('reads batches with instrumentationLibrarySpans and scopeSpans, string enums, base64 ids and numeric nanoseconds', async () => {
    const { traces } = await importOne('tempo-old-names.json', 'tempo');
    expect(traces).toHaveLength(1);
    expect(traces[0]?.traceId).toBe('5b8efff798038103d269b633813fc60c');
    expect(traces[0]?.document).toMatchObject({
      sessionId: 'tempo-session-1',
      question: 'Is the queue backed up?',
      // STATUS_CODE_ERROR on the agent span.
      status: 'FAILED',
      // The agent span has no output: the last model span's.
      finalAnswer: 'Yes: 12k messages are waiting.',
      durationMs: 4661.153001,
      toolInvocations: [
        { toolName: 'queue_depth', durationMs: 250, arguments: null, resultSummary: 12000, errorMessage: null },
      ],
    });
    expect(traces[0]?.document.agentSteps?.map((step) => step.stepType)).toEqual([
      'invoke_agent',
      'chat',
      'execute_tool',
    ]);
  });
});

describe('a part of an export that is not of its type is skipped and named by its path (exit 1), the rest read', () => {
  const span = {
    traceId: '5b8efff798038103d269b633813fc60c',
    spanId: 'a000000000000001',
    name: 'invoke_agent diagnoser',
    startTimeUnixNano: '1777555053000000000',
    endTimeUnixNano: '1777555058000000000',
    attributes: [{ key: 'gen_ai.operation.name', value: { stringValue: 'invoke_agent' } }],
  };
  const otlp = (resourceSpans: unknown[]) => ({
    resourceSpans: [{ scopeSpans: [{ spans: [span] }] }, ...resourceSpans],
  });
  it.each([
    [
      'OTLP: spans that are not objects',
      { resourceSpans: [{ scopeSpans: [{ spans: [span, null, 5, 'x', []] }] }] },
      [
        'resourceSpans[0].scopeSpans[0].spans[1]: found null; expected a span object; skipped',
        'resourceSpans[0].scopeSpans[0].spans[2]: found 5; expected a span object; skipped',
        'resourceSpans[0].scopeSpans[0].spans[3]: found "x"; expected a span object; skipped',
        'resourceSpans[0].scopeSpans[0].spans[4]: found a list of 0; expected a span object; skipped',
      ],
    ],
    [
      'OTLP: a resource that is not an object',
      otlp([7]),
      ['resourceSpans[1]: found 7; expected a ResourceSpans object; skipped'],
    ],
    [
      'OTLP: a scope that is not an object',
      otlp([{ scopeSpans: [null] }]),
      ['resourceSpans[1].scopeSpans[0]: found null; expected a ScopeSpans object; skipped'],
    ],
    [
      'OTLP: scopes that are not a list',
      otlp([{ instrumentationLibrarySpans: { spans: [] } }]),
      ['resourceSpans[1].instrumentationLibrarySpans: found an object; expected a list of ScopeSpans; skipped'],
    ],
    [
      'OTLP: spans that are not a list',
      otlp([{ scopeSpans: [{ spans: 'none' }] }]),
      ['resourceSpans[1].scopeSpans[0].spans: found "none"; expected a list of spans; skipped'],
    ],
    [
      'OTLP: empty lists left out or null, as encoders write them',
      otlp([{}, { scopeSpans: null }, { scopeSpans: [{}, { spans: null }] }]),
      [],
    ],
    [
      'Tempo: a batch that is not an object',
      { batches: [{ scopeSpans: [{ spans: [span] }] }, 'x'] },
      ['batches[1]: found "x"; expected a ResourceSpans object; skipped'],
    ],
    [
      'Jaeger: spans that are not objects',
      {
        data: [
          {
            traceID: '5b8efff798038103d269b633813fc60c',
            spans: [{ spanID: 'a000000000000001', operationName: 'invoke_agent', startTime: 1, duration: 1 }, null],
          },
        ],
      },
      ['data[0].spans[1]: found null; expected a span object; skipped'],
    ],
  ])('%s', async (_label, document, expected) => {
    const { traces, skipped } = await importText(
      { name: 'export.json', text: JSON.stringify(document, null, 2) },
      'auto',
    );
    expect(traces.map((trace) => trace.traceId)).toEqual(['5b8efff798038103d269b633813fc60c']);
    expect(skipped).toEqual(expected.map((message) => ({ file: 'export.json', line: null, message })));
  });
});

describe('S43 a value an import message quotes is at most 200 characters, then its length', () => {
  const name = 'N'.repeat(300_000);
  const shown = `${'N'.repeat(200)}… (300000 characters)`;
  const span = (spanId: string, spanName: string) => ({
    traceId: '5b8efff798038103d269b633813fc60c',
    spanId,
    name: spanName,
    startTimeUnixNano: '1777555053000000000',
    endTimeUnixNano: '1777555058000000000',
  });
  it.each([
    [
      'a span without a span id',
      [span('a000000000000001', 'root'), span('', name)],
      `span "${shown}" has no span id; skipped`,
    ],
    [
      'a trace with nothing recognised',
      [span('a000000000000001', name)],
      `trace 5b8efff798038103d269b633813fc60c: no agent, model or tool span recognised among its 1 span ("${shown}");`,
    ],
    ['two spans under one span id', [span('a000000000000001', name), span('a000000000000001', 'root')], `"${shown}"`],
  ])('%s', async (_label, spans, quoted) => {
    const text = JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans }] }] });
    const { skipped, unrecognised } = await importText({ name: 'export.json', text }, 'auto');
    const messages = [...skipped, ...unrecognised].map((problem) => problem.message);
    expect(messages.some((message) => message.includes(quoted))).toBe(true);
    expect(messages.every((message) => message.length < 1000)).toBe(true);
  });
});

describe('files that cannot be used (exit 2)', () => {
  it.each([
    [
      'unknown format',
      'unknown-format.json',
      'auto',
      /^unknown-format\.json: unknown trace format: found a JSON object with keys "traces"; expected OTLP\/JSON .*Jaeger .*Tempo/u,
    ],
    ['no trace', 'no-trace.json', 'auto', /^no-trace\.json: holds no trace/u],
    [
      'missing file',
      'missing.json',
      'auto',
      /^missing\.json: cannot read the file \(ENOENT: no such file or directory\)/u,
    ],
    [
      'another format than --from asks',
      'jaeger-typed-tags.json',
      'otlp',
      /^jaeger-typed-tags\.json: a jaeger export, not otlp: .*\(--from otlp\)$/u,
    ],
    ['a folder', '.', 'auto', /^\.: is a directory/u],
  ] as const)('%s', async (_label, name, from, message) => {
    const error = await importOne(name, from).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).problems).toHaveLength(1);
    expect((error as InputError).problems[0]).toMatch(message);
  });

  it('names every unusable file, not only the first', async () => {
    const error = await importTraces(
      ['unknown-format.json', 'otlp-split.jsonl', 'no-trace.json'],
      'auto',
      FIXTURES,
    ).catch((caught: unknown) => caught);
    expect((error as InputError).problems.map((problem) => problem.split(':')[0])).toEqual([
      'unknown-format.json',
      'no-trace.json',
    ]);
  });

  it('says what a known foreign format is', async () => {
    const folder = await temporaryFolder();
    try {
      await writeTemporaryFile(folder.path, 'langfuse.json', JSON.stringify({ trace: { id: 't' }, observations: [] }));
      const error = await importTraces(['langfuse.json'], 'auto', folder.path).catch((caught: unknown) => caught);
      expect((error as InputError).problems[0]).toContain('which looks like a Langfuse trace export');
    } finally {
      await folder.cleanup();
    }
  });

  it('gives the line and column of a JSON syntax error', async () => {
    const folder = await temporaryFolder();
    try {
      await writeTemporaryFile(folder.path, 'broken.json', '{\n  "resourceSpans": [\n    {,\n  ]\n}\n');
      const error = await importTraces(['broken.json'], 'auto', folder.path).catch((caught: unknown) => caught);
      expect((error as InputError).problems[0]).toMatch(
        /^broken\.json: not valid JSON \(.* at line 3, column 6\); expected /u,
      );
    } finally {
      await folder.cleanup();
    }
  });
});

describe('JSON Lines lines that are not JSON (exit 1)', () => {
  it('skips them, names them by file and line, and imports the rest', async () => {
    const { traces, skipped } = await importOne('bad-line.jsonl');
    expect(skipped.map((problem) => [problem.file, problem.line])).toEqual([
      ['bad-line.jsonl', 2],
      ['bad-line.jsonl', 4],
    ]);
    expect(skipped[0]?.message).toMatch(/^not JSON \(.*\); line skipped$/u);
    expect(traces.map((trace) => [trace.document.sessionId, trace.document.toolCallCount])).toEqual([
      ['survivor-1', 1],
    ]);
  });

  it('reads a JSON Lines file whose first line is broken', async () => {
    const folder = await temporaryFolder();
    try {
      const text = (await (await import('node:fs/promises')).readFile(fixture('otlp-split.jsonl'), 'utf8')).split('\n');
      await writeTemporaryFile(folder.path, 'first-broken.json', ['{"resourceSpans": [', ...text].join('\n'));
      const { traces, skipped } = await importTraces(['first-broken.json'], 'auto', folder.path);
      expect(skipped.map((problem) => problem.line)).toEqual([1]);
      expect(traces).toHaveLength(2);
    } finally {
      await folder.cleanup();
    }
  });

  it('skips a line that is JSON but no trace document', async () => {
    const folder = await temporaryFolder();
    try {
      const text = await (await import('node:fs/promises')).readFile(fixture('otlp-split.jsonl'), 'utf8');
      await writeTemporaryFile(folder.path, 'mixed.jsonl', `${text}{"hello": "world"}\n`);
      const { skipped } = await importTraces(['mixed.jsonl'], 'auto', folder.path);
      expect(skipped).toHaveLength(1);
      expect(skipped[0]).toMatchObject({ file: 'mixed.jsonl', line: 4 });
      expect(skipped[0]?.message).toMatch(/^found a JSON object with keys "hello"; expected .*; line skipped$/u);
    } finally {
      await folder.cleanup();
    }
  });
});
