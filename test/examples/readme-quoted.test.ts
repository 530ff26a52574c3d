import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_TRACE } from '../../src/cli/actions/init-templates.js';
import { main } from '../../src/cli/main.js';
import { CHECK_IDS } from '../../src/index.js';
import '../../src/vitest.js';
import type { CaseDefinition } from '../../src/index.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { REPO_ROOT } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

/** The text of the fenced block that follows `marker` in the README. */
function blockAfter(marker: string): string {
  const at = README.indexOf(marker);
  expect(at, `the README has "${marker}"`).toBeGreaterThan(-1);
  const start = README.indexOf('```text\n', at) + '```text\n'.length;
  return README.slice(start, README.indexOf('```', start));
}

describe("the README's quoted outputs are what the harness prints", () => {
  it('S25 the GitHub Actions annotation of the regressed example: the case file line of the case', async () => {
    const out = relative(REPO_ROOT, tempDir());
    const summary = join(tempDir(), 'summary.md');
    const fake = createFakeIo({ cwd: REPO_ROOT, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } });
    expect(await main(['check', '--fixtures', 'eval/examples/regressed', '--out', out, '--quiet'], fake.io)).toBe(1);
    const quoted = blockAfter('so the failures show\non the pull request').trimEnd();
    expect(quoted.startsWith('::error file=eval/cases.yaml,line=')).toBe(true);
    expect(fake.stdout().split('\n')).toContain(quoted);
    const line =
      readFileSync(join(REPO_ROOT, 'eval', 'cases.yaml'), 'utf8')
        .split('\n')
        .indexOf('  - id: inventory-sync-kafka-lag') + 1;
    expect(quoted).toContain(`line=${line},title=inventory-sync-kafka-lag::`);
  });

  it("S56 the failing toPassCase example: init's trace without its queryLogs call", () => {
    const poolCase: CaseDefinition = {
      id: 'checkout-timeout-db-pool',
      question: 'Checkout requests time out since 14:05. What is the root cause?',
      rootCauseKeywords: [
        ['connection pool', '连接池'],
        ['exhausted', '耗尽'],
      ],
      requiredEvidenceTools: ['queryMetrics', 'queryLogs'],
      allowedVerdicts: ['PASS', 'REVISE'],
      audit: { v2: true },
    };
    // The README's case is this one.
    for (const line of [
      "  rootCauseKeywords: [['connection pool', '连接池'], ['exhausted', '耗尽']],",
      "  requiredEvidenceTools: ['queryMetrics', 'queryLogs'],",
      "  allowedVerdicts: ['PASS', 'REVISE'],",
      '  audit: { v2: true },',
    ]) {
      expect(README).toContain(line);
    }
    const trace = structuredClone(EXAMPLE_TRACE) as { toolInvocations: { toolName?: string; name?: string }[] };
    expect(trace).toPassCase(poolCase);
    trace.toolInvocations = trace.toolInvocations.filter((call) => (call.toolName ?? call.name) !== 'queryLogs');
    let message = '';
    try {
      expect(trace).toPassCase(poolCase);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(`${message}\n`).toBe(blockAfter('A failing `toPassCase` prints'));
  });

  it('the number of checks the README names is the number of checks', () => {
    const words = [
      'twenty',
      'twenty-one',
      'twenty-two',
      'twenty-three',
      'twenty-four',
      'twenty-five',
      'twenty-six',
      'twenty-seven',
      'twenty-eight',
      'twenty-nine',
      'thirty',
    ];
    const named = /Each case is judged by\s+([a-z-]+)\s+checks/u.exec(README)?.[1];
    expect(named).toBe(words[CHECK_IDS.length - 20]);
  });
});
