import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/checks/index.js';
import { main } from '../../src/cli/main.js';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { evaluateRun } from '../../src/evaluate/evaluate.js';
import { SCAN_DEFAULT_CHECK_IDS } from '../../src/model/check-ids.generated.js';
import { resolvePolicies } from '../../src/scan/policies.js';
import { createScanTally } from '../../src/scan/scan-tally.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { caseYaml, writeFiles } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { buildTrace, toolCall, traceJson } from '../helpers/trace-builder.js';
import { otlpDiagnosisTrace } from '../pull/fake-trace-store.js';

const tempDir = useTempDirs();

async function cli(argv: string[], cwd: string) {
  const fake = createFakeIo({ cwd });
  const code = await main(argv, fake.io);
  return { code, stdout: fake.stdout(), stderr: fake.stderr() };
}

const POLICIES = [
  'policies:',
  '  forbiddenConfirmedClaims: ["database is down", "数据库宕机"]',
  '  budget: { maxToolCalls: 3 }',
  '  audit: { v2: true }',
  '  checks:',
  '    tool-call-budget: warn',
  '    duration-budget: off',
  '',
].join('\n');

/** Legitimate traces (English and Chinese answers that speak of the database without claiming it is down) and violating ones. */
const TRACES: Record<string, string> = {
  'clean-en.json': traceJson({ finalAnswer: 'The database was slow, not down: the connection pool was exhausted.' }),
  'clean-zh.json': traceJson({
    finalAnswer: '数据库连接池耗尽，数据库本身运行正常。',
    agentSteps: [{ stepIndex: 1, agentName: 'planner', stepType: 'plan', output: 'x' }],
  }),
  'claim-en.json': traceJson({ finalAnswer: 'Root cause: the DATABASE is down.' }),
  'claim-zh.json': traceJson({ finalAnswer: '根因：数据库宕机。' }),
  'busy.json': traceJson({ toolInvocations: ['a', 'b', 'c', 'd', 'e'].map((tool) => toolCall(tool)) }),
  'leak-and-busy.json': traceJson({
    finalAnswer: 'answer_version: 2, the pool was exhausted',
    toolInvocations: ['a', 'b', 'c', 'd'].map((tool) => toolCall(tool)),
  }),
  'broken.json': '{"finalAnswer": ',
  'manifest.json': JSON.stringify({ manifestVersion: 1 }),
};

function scanProject(policies = POLICIES): string {
  const cwd = tempDir();
  writeFiles(cwd, {
    'policies.yaml': policies,
    ...Object.fromEntries(Object.entries(TRACES).map(([name, text]) => [`traces/${name}`, text])),
  });
  return cwd;
}

describe('diag-eval scan: traces against policies', () => {
  it('S62: without any policies, scan says so and names the checks that skipped every trace; with policies it does not', async () => {
    const cwd = scanProject();
    const bare = await cli(['scan', '--fixtures', 'traces', '--out', 'out'], cwd);
    expect(bare.stderr).toMatch(
      /^note: no policies found \(--policies FILE, or a policies: block in the case file or the config file\): \d+ of \d+ checks skipped every trace, having no value to judge by \([^)]*tool-call-budget[^)]*\)\n$/u,
    );
    const withPolicies = await cli(
      ['scan', '--fixtures', 'traces', '--policies', 'policies.yaml', '--out', 'out2'],
      cwd,
    );
    expect(withPolicies.stderr).toBe('');
  });

  it('S62: counts violations per check and per agent, lists the worst traces with their reasons, exit 1 on an error policy', async () => {
    const cwd = scanProject();
    const { code, stdout, stderr } = await cli(
      ['scan', '--fixtures', 'traces', '--policies', 'policies.yaml', '--out', 'out'],
      cwd,
    );
    expect(stderr).toBe('');
    expect(code).toBe(1);
    expect(stdout).toContain('diag-eval scan: 7 traces: 2 clean, 4 with an error violation, 2 with a warning');
    // One violation is one, not "1 violations".
    expect(stdout).toContain('  trace-loadable (error): 1 violation\n');
    expect(stdout).toContain('  forbidden-confirmed-claims (error): 2 violations\n');
    const report = JSON.parse(readFileSync(join(cwd, 'out/scan.json'), 'utf8')) as Record<string, any>;
    expect(report['summary']).toEqual({ traces: 7, clean: 2, withErrors: 4, withWarnings: 2, skippedInput: 0 });
    const byCheck = Object.fromEntries(
      (report['checks'] as { check: string; severity: string; violations: number }[]).map((row) => [
        row.check,
        [row.severity, row.violations],
      ]),
    );
    expect(byCheck).toMatchObject({
      'trace-loadable': ['error', 1],
      'forbidden-confirmed-claims': ['error', 2],
      'no-protocol-leak': ['error', 1],
      'tool-call-budget': ['warn', 2],
    });
    expect(byCheck['duration-budget']).toBeUndefined();
    expect((report['worst'] as { trace: string }[]).map((offender) => offender.trace)).toEqual([
      'traces/leak-and-busy.json',
      'traces/broken.json',
      'traces/claim-en.json',
      'traces/claim-zh.json',
      'traces/busy.json',
    ]);
    expect(
      report['worst'][0].violations.map(
        (violation: { check: string; severity: string }) => `${violation.check}:${violation.severity}`,
      ),
    ).toEqual(['no-protocol-leak:error', 'tool-call-budget:warn']);
    expect(report['agents']).toEqual([
      { agent: 'executor', traces: 5, withViolations: 4 },
      { agent: 'planner', traces: 1, withViolations: 0 },
    ]);
    const markdown = readFileSync(join(cwd, 'out/scan.md'), 'utf8');
    expect(markdown).toContain('| forbidden-confirmed-claims | error | 2 |');
    expect(markdown).toContain('traces/claim-zh.json');
  });

  it('S62: --traces scans export files straight away, each trace named by file and trace id', async () => {
    const cwd = scanProject();
    const ok = otlpDiagnosisTrace('1'.repeat(32), 1_767_225_600, {
      question: 'Why?',
      answer: 'The connection pool was exhausted.',
      tools: ['queryLogs'],
    }) as { resourceSpans: unknown[] };
    const bad = otlpDiagnosisTrace('2'.repeat(32), 1_767_225_700, {
      question: '为什么？',
      answer: '根因：数据库宕机。',
      tools: ['queryLogs'],
    }) as { resourceSpans: unknown[] };
    writeFiles(cwd, { 'export.json': { resourceSpans: [...ok.resourceSpans, ...bad.resourceSpans] } });
    const { code, stdout } = await cli(
      ['scan', '--traces', 'export.json', '--policies', 'policies.yaml', '--out', 'out'],
      cwd,
    );
    expect(code).toBe(1);
    expect(stdout).toContain('diag-eval scan: 2 traces: 1 clean, 1 with an error violation');
    const report = JSON.parse(readFileSync(join(cwd, 'out/scan.json'), 'utf8')) as Record<string, any>;
    expect(report['worst'].map((offender: { trace: string }) => offender.trace)).toEqual([
      `export.json#${'2'.repeat(32)}`,
    ]);
  });

  it('S62: --traces warns of a trace in which no agent, model or tool span is recognised, as run --traces does, and scans it all the same', async () => {
    const cwd = scanProject();
    const plain = {
      resourceSpans: [
        {
          resource: { attributes: [] },
          scopeSpans: [
            {
              spans: [
                {
                  traceId: '3'.repeat(32),
                  spanId: '4'.repeat(16),
                  name: 'GET /health',
                  startTimeUnixNano: '1767225600000000000',
                  endTimeUnixNano: '1767225601000000000',
                },
              ],
            },
          ],
        },
      ],
    };
    writeFiles(cwd, { 'export.json': plain });
    const { stdout, stderr } = await cli(['scan', '--traces', 'export.json', '--out', 'out'], cwd);
    expect(stdout).toContain('diag-eval scan: 1 trace');
    expect(stderr).toMatch(
      new RegExp(
        `^warning: not recognised: export\\.json: trace ${'3'.repeat(32)}: no agent, model or tool span recognised among its 1 span \\("GET /health"\\)`,
        'mu',
      ),
    );
    const quiet = await cli(['scan', '--traces', 'export.json', '--out', 'out', '--quiet'], cwd);
    expect(quiet.stderr).toBe('');
  });

  it('S62: only warnings exit 0; --top bounds the worst list', async () => {
    const cwd = scanProject();
    writeFiles(cwd, { 'only-busy/busy.json': TRACES['busy.json'], 'only-busy/clean.json': TRACES['clean-en.json'] });
    const { code } = await cli(
      ['scan', '--fixtures', 'only-busy', '--policies', 'policies.yaml', '--out', 'out', '--quiet', '--top', '0'],
      cwd,
    );
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(join(cwd, 'out/scan.json'), 'utf8')) as Record<string, any>;
    expect(report['summary']).toMatchObject({ traces: 2, withErrors: 0, withWarnings: 1 });
    expect(report['worst']).toEqual([]);
  });

  it('S62: the policies block may sit in the config file; an unknown check id or a bad value is exit 2 naming the place', async () => {
    const cwd = scanProject();
    writeFiles(cwd, {
      'diag-eval.config.yaml': POLICIES.replace(
        'forbiddenConfirmedClaims: ["database is down", "数据库宕机"]',
        'forbiddenConfirmedClaims: []',
      ),
    });
    const fromConfig = await cli(['scan', '--fixtures', 'traces', '--out', 'out', '--quiet'], cwd);
    expect(fromConfig.code).toBe(1);
    const report = JSON.parse(readFileSync(join(cwd, 'out/scan.json'), 'utf8')) as Record<string, any>;
    expect(
      report['checks'].find((row: { check: string }) => row.check === 'forbidden-confirmed-claims').violations,
    ).toBe(0);

    writeFiles(cwd, { 'bad.yaml': 'policies:\n  checks:\n    no-such-check: error\n  budget: { maxToolCalls: -1 }\n' });
    const bad = await cli(['scan', '--fixtures', 'traces', '--policies', 'bad.yaml'], cwd);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('bad.yaml:4:');
    expect(bad.stderr).toContain('policies.budget.maxToolCalls');
    writeFiles(cwd, { 'unknown.yaml': 'policies:\n  checks:\n    no-such-check: error\n' });
    const unknown = await cli(['scan', '--fixtures', 'traces', '--policies', 'unknown.yaml'], cwd);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'unknown.yaml:3:5: policies.checks.no-such-check: found check id "no-such-check", expected one of trace-loadable',
    );
  });

  it("S62: the policies block may sit in the case file, beside the cases it grew from: it comes before the config file's", async () => {
    const cwd = scanProject();
    const cases = ['version: 1', POLICIES.trimEnd(), 'cases:', caseYaml('a'), ''].join('\n');
    writeFiles(cwd, {
      'eval/cases.yaml': cases,
      // The config's block would find no confirmed claim; the case file's finds two.
      'diag-eval.config.yaml': POLICIES.replace(
        'forbiddenConfirmedClaims: ["database is down", "数据库宕机"]',
        'forbiddenConfirmedClaims: []',
      ),
    });
    const scanned = await cli(['scan', '--fixtures', 'traces', '--out', 'out', '--quiet'], cwd);
    expect(scanned.code).toBe(1);
    const report = JSON.parse(readFileSync(join(cwd, 'out/scan.json'), 'utf8')) as Record<string, any>;
    expect(
      report['checks'].find((row: { check: string }) => row.check === 'forbidden-confirmed-claims').violations,
    ).toBe(2);
    // The other commands read the same case file: the block is no unknown key to them.
    const validated = await cli(['validate', '--fixtures', 'traces'], cwd);
    expect(validated.stderr).not.toContain('policies');
  });

  it('S62: with --format html, scan.html: one page with no script, every text from a trace escaped, the same bytes twice in one process (test/cli/cli.test.ts runs two processes)', async () => {
    const cwd = scanProject();
    writeFiles(cwd, {
      'traces/hostile.json': traceJson({ finalAnswer: '<script>alert(1)</script> the database is down' }),
    });
    const first = await cli(
      ['scan', '--fixtures', 'traces', '--policies', 'policies.yaml', '--out', 'out', '--format', 'html', '--quiet'],
      cwd,
    );
    expect(first.code).toBe(1);
    const html = readFileSync(join(cwd, 'out/scan.html'), 'utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain("content=\"default-src 'none'; style-src 'unsafe-inline'\"");
    expect(html).not.toMatch(/<script/iu);
    expect(html).toContain('<code>traces/hostile.json</code>');
    expect(html).toContain('<h2>Worst traces (');
    await cli(
      ['scan', '--fixtures', 'traces', '--policies', 'policies.yaml', '--out', 'again', '--format', 'html', '--quiet'],
      cwd,
    );
    expect(readFileSync(join(cwd, 'again/scan.html'), 'utf8')).toBe(html);
    const junit = await cli(['scan', '--fixtures', 'traces', '--policies', 'policies.yaml', '--format', 'junit'], cwd);
    expect(junit.code).toBe(2);
    expect(junit.stderr).toContain('junit');
  });

  it('S62: policy checks are looked up by id in the check registry: the defaults it holds, and any registry check named in policies.checks', () => {
    const registry = CHECKS.map((check) => check.id as string);
    const defaults = resolvePolicies(null, ['policies'], DEFAULT_CONTRACT).checks.map((policy) => policy.check);
    expect(defaults).toEqual(registry.filter((id) => (SCAN_DEFAULT_CHECK_IDS as readonly string[]).includes(id)));
    const file = {
      displayName: 'p.yaml',
      value: { policies: { checks: { 'v2-audit-fields': 'warn' } } },
      locate: () => null,
    };
    const named = resolvePolicies(file, ['policies'], DEFAULT_CONTRACT).checks;
    expect(named).toContainEqual({ check: 'v2-audit-fields', severity: 'warn' });
  });

  it('S62: the tally does not depend on the order traces come in, and keeps only the top offenders', () => {
    const policies = resolvePolicies(
      {
        displayName: 'p',
        value: { policies: { forbiddenAnswerKeywords: ['outage'], budget: { maxToolCalls: 1 } } },
        locate: () => null,
      },
      ['policies'],
      DEFAULT_CONTRACT,
    );
    const inputs = Array.from({ length: 40 }, (_, n) => ({
      name: `t${String(n).padStart(2, '0')}.json`,
      document: buildTrace({
        finalAnswer: n % 3 === 0 ? 'an outage' : 'fine',
        toolInvocations: n % 4 === 0 ? [toolCall('a'), toolCall('b')] : [toolCall('a')],
      }),
    }));
    const tallyOf = (order: typeof inputs) => {
      const tally = createScanTally(policies.checks, 5);
      for (const input of order) {
        const result = evaluateRun(
          policies.policyCase,
          { kind: 'document', document: input.document, traceFixture: input.name, sessionId: null },
          DEFAULT_CONTRACT,
        );
        tally.add(input.name, result, ['executor']);
      }
      return tally.result();
    };
    const forward = tallyOf(inputs);
    expect(tallyOf([...inputs].reverse())).toEqual(forward);
    expect(forward.worst.map((offender) => offender.trace)).toEqual([
      't00.json',
      't12.json',
      't24.json',
      't36.json',
      't03.json',
    ]);
    expect(forward.withErrors).toBe(20);
  });
});

describe('scan names every entry it skips', () => {
  it('a symbolic link to a trace inside the folder and a folder named *.json are skipped, named and counted', async () => {
    const cwd = scanProject();
    symlinkSync(join(cwd, 'traces', 'clean-en.json'), join(cwd, 'traces', 'link-to-clean.json'));
    mkdirSync(join(cwd, 'traces', 'folder.json'));
    const { code, stderr } = await cli(
      ['scan', '--fixtures', 'traces', '--policies', 'policies.yaml', '--out', 'out', '--quiet'],
      cwd,
    );
    expect(code).toBe(1);
    expect(stderr).toContain(
      'skipped: traces/link-to-clean.json: a symbolic link; expected a regular file (scan follows no link)\n',
    );
    expect(stderr).toContain('skipped: traces/folder.json: not a regular file; expected a regular file');
    const report = JSON.parse(readFileSync(join(cwd, 'out', 'scan.json'), 'utf8')) as {
      summary: { skippedInput: number; traces: number };
    };
    expect(report.summary.skippedInput).toBe(2);
    expect(report.summary.traces).toBe(7);
  });
});
