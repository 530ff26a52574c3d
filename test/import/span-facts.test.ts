import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importTraces } from '../../src/import/import-traces.js';
import { compactSpan, RepeatedToolResponses } from '../../src/import/map/span-facts.js';
import { createAttributes, type ImportedSpan } from '../../src/import/read/span.js';
import {
  convertedTraces,
  FIXTURES,
  REAL_TRACES,
  temporaryFolder,
  tracesFromSpansAsRead,
  writeTemporaryFile,
} from './helpers.js';

const FIXTURE_FILES = [
  'otlp-split.jsonl',
  'otlp-bigint.json',
  'otlp-attribute-types.json',
  'jaeger-typed-tags.json',
  'tempo-old-names.json',
  'several-agents.json',
  'openinference.json',
  'legacy-events.json',
  'unknown-fields.json',
  'root-traceloop-workflow.json',
  'root-ioa-observe-agent.json',
  'smolagents.json',
  'tool-failures.json',
  'message-tool-calls.json',
  'span-dicts.json',
  'console-exporter.txt',
  'evaluation-log-records.jsonl',
];

describe('compacting spans while reading changes no converted trace', () => {
  it.each(FIXTURE_FILES)('%s', async (name) => {
    const compacted = await importTraces([name], 'auto', FIXTURES);
    const full = await tracesFromSpansAsRead(join(FIXTURES, name));
    expect(JSON.stringify(convertedTraces(compacted))).toBe(JSON.stringify(full));
  });

  it('a tool response repeated in every later model call is kept once, and the trace is the same', async () => {
    const call = (index: number) => ({
      type: 'tool_call_response',
      id: `call_${index}`,
      response: `result ${index} `.repeat(50),
    });
    const spans = [0, 1, 2, 3].map((turn) => ({
      name: 'chat m',
      context: { trace_id: `0x${'c'.repeat(32)}`, span_id: `0x${'d'.repeat(15)}${turn}` },
      parent_id: null,
      start_time: `2026-04-30T13:17:0${turn}.000000Z`,
      end_time: `2026-04-30T13:17:0${turn}.500000Z`,
      status: { status_code: 'UNSET' },
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.input.messages': JSON.stringify([
          { role: 'user', parts: [{ type: 'text', content: 'q' }] },
          ...(turn === 0 ? [] : [{ role: 'tool', parts: Array.from({ length: turn }, (_, index) => call(index)) }]),
        ]),
        'gen_ai.output.messages': JSON.stringify([
          {
            role: 'assistant',
            parts:
              turn === 3
                ? [{ type: 'text', content: 'done' }]
                : [{ type: 'tool_call', id: `call_${turn}`, name: 'look', arguments: {} }],
          },
        ]),
      },
      events: [],
    }));
    const folder = await temporaryFolder();
    try {
      const path = await writeTemporaryFile(folder.path, 'repeated.json', JSON.stringify(spans));
      const compacted = await importTraces(['repeated.json'], 'auto', folder.path);
      expect(JSON.stringify(convertedTraces(compacted))).toBe(JSON.stringify(await tracesFromSpansAsRead(path)));
      expect(compacted.traces[0]?.document.toolInvocations?.map((tool) => tool.resultSummary)).toEqual(
        [0, 1, 2].map((index) => call(index).response),
      );
    } finally {
      await folder.cleanup();
    }
  });

  it.each(['agentevals_kagent-helm_jaeger.json', 'agentevals_kagent-helm_tempo-export.json'])('%s', async (name) => {
    const compacted = await importTraces([name], 'auto', REAL_TRACES);
    const full = await tracesFromSpansAsRead(join(REAL_TRACES, name));
    expect(JSON.stringify(convertedTraces(compacted))).toBe(JSON.stringify(full));
  });
});

describe('RepeatedToolResponses', () => {
  it('keeps each tool response once per trace: the first span that carries it keeps it', () => {
    const drop = new RepeatedToolResponses();
    const spanWith = (spanId: string, traceId: string, ids: string[]): ImportedSpan => {
      const attributes = createAttributes();
      attributes['gen_ai.input.messages'] = [
        { role: 'user', parts: [{ type: 'text', content: 'q' }] },
        { role: 'tool', parts: ids.map((id) => ({ type: 'tool_call_response', id, response: id })) },
      ];
      return compactSpan({
        traceId,
        spanId,
        parentSpanId: null,
        name: 'chat',
        kind: 'internal',
        startNs: 1n,
        endNs: 2n,
        status: { code: 'unset', message: null },
        attributes,
        events: [],
        resource: createAttributes(),
      });
    };
    // The responses are taken off the messages once, when the span is compacted; only its facts keep them.
    const responseIds = (span: ReturnType<RepeatedToolResponses['drop']>) =>
      (span.facts?.toolResponses ?? []).map((response) => response.id);
    expect(responseIds(drop.drop(spanWith('1', 't1', ['a'])))).toEqual(['a']);
    expect(responseIds(drop.drop(spanWith('2', 't1', ['a', 'b'])))).toEqual(['b']);
    expect(responseIds(drop.drop(spanWith('3', 't1', ['a', 'b'])))).toEqual([]);
    // Another trace keeps its own.
    expect(responseIds(drop.drop(spanWith('4', 't2', ['a'])))).toEqual(['a']);
  });
});
