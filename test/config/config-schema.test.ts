import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { CONFIG_SCHEMA } from '../../src/config/config-schema.js';
import { REPO_ROOT } from '../helpers/project.js';

describe('CONFIG_SCHEMA: valid config files, whose schema data is the value itself', () => {
  const valid: [string, unknown][] = [
    ['an empty config', {}],
    [
      'paths and annotations',
      { $schema: 'x.json', cases: 'eval/cases.yaml', fixtures: 'f', out: 'o', baselineDir: 'b', annotations: false },
    ],
    ['Chinese paths', { cases: '用例/cases.yaml', out: '报告' }],
    [
      'every contract value',
      {
        contract: {
          verdicts: ['PASS', 'REVISE', 'REJECT', 'ESCALATE'],
          passVerdict: 'pass',
          rejectVerdict: 'REJECT',
          claimVerifications: ['supported'],
          protocolMarkers: [],
          negationTriggers: ['dismissed', '排除了'],
          hedgeTriggers: ['presumably', '也许'],
          degradedOutput: { markers: ['【降级】', '[degraded]'], maxDraftOverlap: 0.5 },
          completedStatuses: ['completed'],
          gatekeeperStatuses: ['passed'],
          emptyResultMarkers: ['no data', '无数据'],
          toolNames: ['queryMetrics'],
        },
      },
    ],
    ['overlap at its limits', { contract: { degradedOutput: { maxDraftOverlap: 0 } } }],
    ['overlap 1', { contract: { degradedOutput: { maxDraftOverlap: 1 } } }],
    [
      'checks and policies of any shape',
      { checks: { 'numeric-grounding': 'warn', 'no-such': 7 }, policies: [1, { a: 2 }] },
    ],
    ['the bundled config', parseYaml(readFileSync(join(REPO_ROOT, 'diag-eval.config.yaml'), 'utf8'))],
  ];
  it.each(valid)('%s', (_name, value) => {
    const parsed = CONFIG_SCHEMA.safeParse(value);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toStrictEqual(value);
  });
});

describe('CONFIG_SCHEMA: invalid config files are refused', () => {
  const invalid: [string, unknown][] = [
    ['a list', []],
    ['text', 'cases: x'],
    ['an unknown key', { case: 'eval/cases.yaml' }],
    ['an empty path', { out: '' }],
    ['a path that is a number', { cases: 3 }],
    ['annotations as text', { annotations: 'false' }],
    ['a $schema that is not text', { $schema: 1 }],
    ['contract not an object', { contract: ['PASS'] }],
    ['an unknown contract key', { contract: { verdict: ['PASS'] } }],
    ['no verdicts', { contract: { verdicts: [] } }],
    ['an empty verdict', { contract: { verdicts: ['PASS', ''] } }],
    ['a verdict that is a number', { contract: { verdicts: [1] } }],
    ['an empty pass verdict', { contract: { passVerdict: '' } }],
    ['no claim verifications', { contract: { claimVerifications: [] } }],
    ['a trigger list that is text', { contract: { negationTriggers: '排除' } }],
    ['no degraded markers', { contract: { degradedOutput: { markers: [] } } }],
    ['an unknown degraded key', { contract: { degradedOutput: { marker: ['x'] } } }],
    ['overlap above 1', { contract: { degradedOutput: { maxDraftOverlap: 1.5 } } }],
    ['overlap below 0', { contract: { degradedOutput: { maxDraftOverlap: -0.1 } } }],
    ['overlap not finite', { contract: { degradedOutput: { maxDraftOverlap: Number.POSITIVE_INFINITY } } }],
    ['overlap as text', { contract: { degradedOutput: { maxDraftOverlap: '0.5' } } }],
    ['no completed statuses', { contract: { completedStatuses: [] } }],
    ['a sparse tool list', { contract: { toolNames: new Array<string>(2) } }],
    ['checks as a list', { checks: ['numeric-grounding'] }],
  ];
  it.each(invalid)('%s', (_name, value) => {
    expect(CONFIG_SCHEMA.safeParse(value).success).toBe(false);
  });
});
