import { describe, expect, it } from 'vitest';
import { type CaseDefinition, evaluateTrace } from '../../src/index.js';
import { buildTrace, toolCall } from '../helpers/trace-builder.js';

const poolCase: CaseDefinition = {
  id: 'pool',
  question: 'Why do payments time out?',
  rootCauseKeywords: [['connection pool', '连接池']],
  requiredEvidenceTools: ['queryMetrics'],
  allowedVerdicts: ['PASS'],
  budget: { maxDurationMs: 60_000 },
};

/** The trace as a fixture holds it, with a number JSON.parse reads as Infinity put in at `field`. */
function withHugeNumber(replace: (text: string) => string): unknown {
  return JSON.parse(replace(JSON.stringify(buildTrace({ toolInvocations: [toolCall('queryMetrics')] }))));
}

describe('a number beyond the range of a double in a trace is a trace-loadable finding naming the field', () => {
  it.each([
    ['durationMs', (text: string) => text.replace('"durationMs":1000', '"durationMs":1e400'), 'durationMs'],
    [
      'a tool call durationMs',
      (text: string) => text.replace('"durationMs":120', '"durationMs":-1e999'),
      'toolInvocations[0].durationMs',
    ],
  ])('%s', (_, replace, field) => {
    const result = evaluateTrace(poolCase, withHugeNumber(replace));
    const loadable = result.checks.find((row) => row.check === 'trace-loadable');
    expect(loadable?.outcome).toBe('fail');
    expect(loadable?.message).toContain(`${field}: found a number too large for a double`);
    expect(JSON.stringify(result)).not.toContain('Infinity');
  });
});
