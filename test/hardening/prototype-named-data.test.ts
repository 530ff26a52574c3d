import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../helpers/build.js';
import { caseFileYaml, writeFiles } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { toolCall, traceJson } from '../helpers/trace-builder.js';
import { runCli, STACK_FRAME } from './cli-process.js';

const tempDir = useTempDirs();
beforeAll(() => ensureBuilt());

/**
 * Cases named `constructor` and `toString`, the verdict `__proto__` and tools named `__proto__`,
 * `constructor` and `toString`: names of Object.prototype's members, which data keyed in plain
 * objects would read from the prototype (or, for `__proto__`, set it) instead of from the data.
 */
const CASES = caseFileYaml([
  caseBlock('constructor', '[__proto__, toString]'),
  caseBlock('toString', '[constructor]'),
  caseBlock('plain-case', '[]'),
]);

/** The verdict `__proto__` and the three tools are the agent's own names, as the contract block allows. */
const CONFIG = [
  'contract:',
  '  verdicts: [PASS, REVISE, REJECT, CONSTRUCTOR]',
  '  toolNames: [__proto__, constructor, toString]',
  '',
].join('\n');

function caseBlock(id: string, requiredEvidenceTools: string): string {
  return [
    `  - id: ${id}`,
    `    question: "Why is ${id} failing?"`,
    '    rootCauseKeywords: []',
    `    requiredEvidenceTools: ${requiredEvidenceTools}`,
    '    allowedVerdicts: [PASS, CONSTRUCTOR]',
  ].join('\n');
}

const ALL_TOOLS = [toolCall('__proto__'), toolCall('constructor'), toolCall('toString')];

function fixtures(toStringTools: ReturnType<typeof toolCall>[], toStringVerdict: string): Record<string, string> {
  return {
    'fixtures/constructor.json': traceJson({ verdict: 'CONSTRUCTOR', toolInvocations: ALL_TOOLS, toolCallCount: 3 }),
    'fixtures/toString.json': traceJson({
      verdict: toStringVerdict,
      toolInvocations: toStringTools,
      toolCallCount: toStringTools.length,
    }),
    'fixtures/plain-case.json': traceJson({ toolInvocations: [toolCall('constructor')] }),
  };
}

function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}

/** `"verdictDistribution": {` of a report.json, and what to put first inside it. */
function withVerdictKeys(path: string, keys: string): void {
  const text = readFileSync(path, 'utf8');
  writeFileSync(
    path,
    text
      .replace('"verdictDistribution": {', `"verdictDistribution": {${keys}, `)
      .replace('"caseId": "toString"', '"__proto__": {"polluted": true}, "constructor": "x", "caseId": "toString"'),
  );
}

describe('data named like Object.prototype members is data, end to end', () => {
  it('report, diff and check key data in prototype-less maps: cases constructor/toString, tools and verdicts __proto__/constructor/toString survive run → report.json → diff → check', () => {
    const cwd = tempDir();
    writeFiles(cwd, { 'cases.yaml': CASES, 'config.yaml': CONFIG, ...fixtures(ALL_TOOLS, 'PASS') });
    const flags = ['--cases', 'cases.yaml', '--fixtures', 'fixtures', '--config', 'config.yaml'];

    const baseline = runCli(['baseline', ...flags, '--baseline-dir', 'base', '--quiet'], cwd);
    expect(baseline.code, baseline.stderr).toBe(0);
    const base = readJson(join(cwd, 'base', 'report.json'));
    const baseSummary = base['summary'] as Record<string, unknown>;
    expect([baseSummary['total'], baseSummary['passed']]).toEqual([3, 3]);
    expect(baseSummary['verdictDistribution']).toEqual({ CONSTRUCTOR: 1, PASS: 2 });
    const baseCases = base['cases'] as { caseId: string; checks: { check: string; message: string }[] }[];
    expect(baseCases.map((result) => result.caseId)).toEqual(['constructor', 'toString', 'plain-case']);
    expect(baseCases[0]?.checks.find((row) => row.check === 'evidence-coverage')?.message).toBe(
      'all 2 required evidence tools covered: "__proto__", "toString"',
    );

    // toString loses its required tool `constructor` and now answers CONSTRUCTOR.
    writeFiles(cwd, fixtures([toolCall('__proto__'), toolCall('toString')], 'CONSTRUCTOR'));
    const check = runCli(['check', ...flags, '--baseline', 'base/report.json', '--out', 'c'], cwd);
    expect(check.stderr).not.toMatch(STACK_FRAME);
    expect(check.code, check.stderr).toBe(1);
    expect(check.stdout).toContain('1 case regressed: toString');
    const current = readJson(join(cwd, 'c', 'report.json'));
    expect((current['summary'] as Record<string, unknown>)['verdictDistribution']).toEqual({ CONSTRUCTOR: 2, PASS: 1 });
    const checkDiff = readFileSync(join(cwd, 'c', 'diff.md'), 'utf8');
    expect(checkDiff).toContain('CONSTRUCTOR verdicts rose from 1 to 2 (+1)');
    expect(checkDiff).toMatch(/toString.*constructor/u);

    // Reports whose verdict counts are keyed `__proto__`, `constructor` and `toString` (verdicts are
    // upper-cased when a trace is read, so only an edited or foreign report holds them), and a case
    // carrying `__proto__` and `constructor` keys.
    withVerdictKeys(join(cwd, 'base', 'report.json'), '"__proto__": 1, "toString": 2');
    withVerdictKeys(join(cwd, 'c', 'report.json'), '"__proto__": 3, "toString": 2, "constructor": 1');
    const diff = runCli(['diff', 'base/report.json', 'c/report.json', '--out', 'd'], cwd);
    expect(diff.stderr).not.toMatch(STACK_FRAME);
    expect(diff.code, diff.stderr).toBe(1);
    const items = (readJson(join(cwd, 'd', 'diff.json'))['items'] as Record<string, unknown>[]).map((item) => [
      item['kind'],
      item['caseId'] ?? null,
      item['metric'],
    ]);
    const verdictItems = items.filter(([, , metric]) =>
      ['__proto__', 'constructor', 'toString'].includes(metric as string),
    );
    expect(verdictItems).toEqual([
      ['change', null, '__proto__'],
      ['change', null, 'constructor'],
    ]);
    const markdown = readFileSync(join(cwd, 'd', 'diff.md'), 'utf8');
    expect(markdown).toContain('__proto__ verdicts rose from 1 to 3 (+2)');
    expect(markdown).toContain('constructor verdicts rose from 0 to 1 (+1)');
    expect(markdown).not.toContain('toString verdicts');
    expect(readFileSync(join(cwd, 'd', 'diff.json'), 'utf8')).not.toContain('polluted');
    expect(items.filter(([kind]) => kind === 'regression').map(([, caseId]) => caseId)).toContain('toString');
  });
});
