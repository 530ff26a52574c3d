import { describe, expect, it } from 'vitest';
import { importTraces } from '../../src/import/import-traces.js';
import { FIXTURES, REAL_TRACES } from './helpers.js';

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
];

describe('compacting spans while reading changes no converted trace', () => {
  it.each(FIXTURE_FILES)('%s', async (name) => {
    const compacted = await importTraces([name], 'auto', FIXTURES);
    const full = await importTraces([name], 'auto', FIXTURES, { compact: false, keepAttribute: () => true });
    expect(JSON.stringify(compacted)).toBe(JSON.stringify(full));
  });

  it.each(['agentevals_kagent-helm_jaeger.json', 'agentevals_kagent-helm_tempo-export.json'])(
    '%s',
    async (name) => {
      const compacted = await importTraces([name], 'auto', REAL_TRACES);
      const full = await importTraces([name], 'auto', REAL_TRACES, { compact: false, keepAttribute: () => true });
      expect(JSON.stringify(compacted)).toBe(JSON.stringify(full));
    },
  );
});
