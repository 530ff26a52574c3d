import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { countConnectionAttempts } from '../helpers/connection-attempts.js';
import {
  closedPort,
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

  it.each([
    ['fetching sessions, report.json, report.md and JUnit written as cases finish', ['--format', 'json,md,junit']],
    ['asking, with the HTML report', ['--ask', '--format', 'json,html']],
  ])('a dead --api URL (%s): one line naming it, exit 2, one connection attempt, no report', async (_, extra) => {
    const port = await closedPort();
    const caseBase = {
      question: 'Why are payments timing out?',
      rootCauseKeywords: ['connection pool'],
      requiredEvidenceTools: ['queryMetrics'],
      allowedVerdicts: ['PASS'],
    };
    // The first case asks nothing (no session id) and is done at once: it must not reach a report either.
    const cases = [
      { id: 'no-session', ...caseBase },
      ...['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({ id, ...caseBase, sessionId: `s-${id}` })),
    ];
    await writeFile(join(workDir, 'cases.json'), JSON.stringify({ version: 1, cases }));
    const io = captureIo();
    const attempts = countConnectionAttempts(port);
    try {
      const exitCode = await main(
        ['run', '--cases', 'cases.json', '--api', `http://127.0.0.1:${port}`, '--out', 'out', ...extra],
        io,
      );
      expect(exitCode).toBe(2);
      expect(io.output()).toBe(
        `error: http://127.0.0.1:${port}: connection refused; expected a diagnosis service (is it running?)\n`,
      );
      // Not retried, and no other case asked: the back-off and the six identical reasons are gone.
      expect(attempts.count()).toBe(1);
    } finally {
      attempts.stop();
    }
    expect(await filesUnder(workDir)).toEqual([join(workDir, 'cases.json')]);
  });

  it('an --api URL on a port fetch never connects to (9) is one line saying so, exit 2, not retried per case', async () => {
    await writeFile(
      join(workDir, 'cases.json'),
      JSON.stringify({
        version: 1,
        cases: ['a', 'b', 'c'].map((id) => ({
          id,
          question: 'Why?',
          rootCauseKeywords: ['pool'],
          requiredEvidenceTools: ['queryMetrics'],
          allowedVerdicts: ['PASS'],
          sessionId: `s-${id}`,
        })),
      }),
    );
    const io = captureIo();
    const exitCode = await main(['run', '--cases', 'cases.json', '--api', 'http://127.0.0.1:9', '--out', 'out'], io);
    expect(exitCode).toBe(2);
    expect(io.output()).toBe(
      'error: http://127.0.0.1:9: a port that fetch never connects to (the Fetch standard blocks it); expected a diagnosis service on another port\n',
    );
    expect(await filesUnder(workDir)).toEqual([join(workDir, 'cases.json')]);
  });

  it('a dead --api URL is named without its credentials, query or --header value', async () => {
    const port = await closedPort();
    await writeFile(
      join(workDir, 'cases.json'),
      JSON.stringify({
        version: 1,
        cases: [
          {
            id: 'x',
            question: 'Why?',
            rootCauseKeywords: ['pool'],
            requiredEvidenceTools: ['queryMetrics'],
            allowedVerdicts: ['PASS'],
            sessionId: 's',
          },
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
        `http://user:pw-9f8e7d@127.0.0.1:${port}/diag/?key=k-1a2b3c`,
        '--header',
        'X-Api-Key: tok-5e6f7a',
        '--out',
        'out',
      ],
      io,
    );
    expect(exitCode).toBe(2);
    expect(io.output()).toBe(
      `error: http://127.0.0.1:${port}/diag/: connection refused; expected a diagnosis service (is it running?)\n`,
    );
  });
});
