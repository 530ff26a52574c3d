import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import {
  diagnosisTrace,
  type SimulatedService,
  sendJson,
  sendText,
  startSimulatedService,
} from './simulated-service.js';

let workDir = '';
let service: SimulatedService | null = null;

beforeEach(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'diag-eval-cli-live-'));
});

afterEach(async () => {
  await service?.close();
  service = null;
  await rm(workDir, { recursive: true, force: true });
});

function captureIo(): CliIo & { output: () => string } {
  const chunks: string[] = [];
  return {
    cwd: workDir,
    env: { NO_COLOR: '1' },
    stdout: (text) => chunks.push(text),
    stderr: (text) => chunks.push(text),
    stdoutIsTTY: false,
    output: () => chunks.join(''),
  };
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('diag-eval run --api', () => {
  it('never prints or writes a --header value, even when the service echoes it', async () => {
    const token = 'tok-0a9b8c7d6e5f4a3b2c1d';
    service = await startSimulatedService({
      'GET /api/diagnosis/echo/trace': (response, _hit, request) =>
        sendJson(response, 200, {
          data: diagnosisTrace('echo', {
            finalAnswer: `connection pool exhausted; you sent ${request.headers['x-api-key']}`,
          }),
        }),
      'GET /api/diagnosis/err/trace': (response, _hit, request) =>
        sendText(response, 401, `unknown key ${request.headers['x-api-key']}`),
    });
    const caseBase = {
      question: 'Why are payments timing out?',
      rootCauseKeywords: ['connection pool'],
      requiredEvidenceTools: ['queryMetrics'],
      allowedVerdicts: ['PASS'],
    };
    await writeFile(
      join(workDir, 'cases.json'),
      JSON.stringify({
        version: 1,
        cases: [
          { id: 'echo-case', ...caseBase, sessionId: 'echo' },
          { id: 'error-case', ...caseBase, sessionId: 'err' },
        ],
      }),
    );
    const io = captureIo();
    const exitCode = await main(
      [
        'run',
        '--cases',
        'cases.json',
        '--api',
        service.url,
        '--header',
        `X-Api-Key: ${token}`,
        '--record',
        'recorded',
        '--out',
        'out',
        '--timeout-ms',
        '2000',
      ],
      io,
    );

    expect(exitCode).toBe(1);
    expect(service.requests.every((request) => request.headers['x-api-key'] === token)).toBe(true);
    const report = JSON.parse(await readFile(join(workDir, 'out', 'report.json'), 'utf8')) as {
      cases: Array<{ caseId: string; status: string; reason: string | null; traceFixture: string | null }>;
    };
    expect(report.cases.map(({ caseId, status, traceFixture }) => [caseId, status, traceFixture])).toEqual([
      ['echo-case', 'passed', 'recorded/echo-case.json'],
      ['error-case', 'not_run', null],
    ]);
    expect(report.cases[1]?.reason).toMatch(/^GET \/api\/diagnosis\/err\/trace: HTTP 401 \(1 attempt\)$/u);

    const written = await Promise.all((await filesUnder(workDir)).map((path) => readFile(path, 'utf8')));
    expect(written.length).toBeGreaterThanOrEqual(4);
    expect([io.output(), ...written].filter((text) => text.includes(token))).toEqual([]);
    expect(await readFile(join(workDir, 'recorded', 'echo-case.json'), 'utf8')).toContain('you sent [redacted]');
    expect(io.output()).toContain(
      'warning: echo-case: the trace contained a --header value; it was replaced by [redacted]',
    );
  });
});
