import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { Report } from '../../src/model/report-schema.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { REPO_ROOT } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const EXAMPLE = 'eval/examples/spring-ai';
const README = readFileSync(join(REPO_ROOT, EXAMPLE, 'README.md'), 'utf8');

/** Runs one command from the repository root, as the README shows it, with `eval-out/spring-ai` in a temporary folder. */
async function cli(command: string, out: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const args = command
    .replace(/^npx --no-install diag-eval /u, '')
    .replaceAll('eval-out/spring-ai', out)
    .split(' ');
  const fake = createFakeIo({ cwd: REPO_ROOT });
  const code = await main(args, fake.io);
  return { code, stdout: fake.stdout(), stderr: fake.stderr() };
}

function documentedCommands(): string[] {
  return [...README.matchAll(/```sh\n([\s\S]*?)```/gu)].flatMap((block) => (block[1] ?? '').trim().split('\n'));
}

describe('the Spring AI example (eval/examples/spring-ai)', () => {
  it('S71 S73 S74 its walk-through runs as the README shows: import by session, run, baseline, and a check that names the regressed run', async () => {
    const out = relative(REPO_ROOT, tempDir());
    const commands = documentedCommands();
    expect(commands.map((command) => command.split(' ')[3])).toEqual(['import', 'run', 'baseline', 'import', 'check']);
    const results = [];
    for (const command of commands) results.push(await cli(command, out));
    expect(results.map((result) => result.code)).toEqual([0, 0, 0, 0, 1]);
    expect(results.map((result) => result.stderr)).toEqual(['', '', '', '', '']);
    expect(results[0]?.stdout.split('\n').map((line) => line.split(' ')[1])).toEqual([
      `${out}/before/ops-check-order.json`,
      `${out}/before/ops-check-payment.json`,
      `${out}/before/ops-check-inventory.json`,
      undefined,
    ]);
    const run = JSON.parse(readFileSync(join(REPO_ROOT, out, 'run/report.json'), 'utf8')) as Report;
    expect(run.cases.map((entry) => entry.status)).toEqual(['passed', 'passed', 'passed']);
    for (const entry of run.cases) {
      const verdictChecks = entry.checks.filter((check) =>
        [
          'verdict-present',
          'verdict-allowed',
          'verdict-not-forbidden',
          'gatekeeper-consistency',
          'degraded-output',
        ].includes(check.check),
      );
      expect(verdictChecks.map((check) => [check.outcome, check.message])).toEqual(
        Array(5).fill([
          'skip',
          'the case names no allowedVerdicts: the agent has no verifier, so there is no verdict to check',
        ]),
      );
    }
    const shown = README.slice(README.indexOf('```text\n') + '```text\n'.length, README.lastIndexOf('```'));
    expect(results[4]?.stdout.startsWith(shown)).toBe(true);
  });

  it('S71 the imported runs carry the tools, question, answer, duration and tokens of the export', async () => {
    const out = relative(REPO_ROOT, tempDir());
    await cli(
      `npx --no-install diag-eval import ${EXAMPLE}/export-after.jsonl --cases ${EXAMPLE}/cases.yaml --out ${out}/after --quiet`,
      out,
    );
    const payment = JSON.parse(readFileSync(join(REPO_ROOT, out, 'after/ops-check-payment.json'), 'utf8'));
    expect(payment).toMatchObject({
      sessionId: 'nightly-ops-check-payment',
      question: 'Run the nightly ops check for payment-service and report any incident with its root cause.',
      finalAnswer:
        'Root cause: most likely a network problem between payment-service and its dependencies, which drives the HighLatencyP99 alert to 2.8s. Check the network path.',
      durationMs: 11900,
      toolCallCount: 3,
      usage: { inputTokens: 3070, outputTokens: 361 },
    });
    expect(
      payment.toolInvocations.map((tool: Record<string, unknown>) => [
        tool.toolName,
        tool.evidenceStatus,
        tool.errorMessage,
      ]),
    ).toEqual([
      ['queryPrometheusAlerts', undefined, null],
      ['queryLogs', 'failed', 'Connection refused: loki:3100'],
      ['queryInternalDocs', undefined, null],
    ]);
  });
});
