import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { evaluateRun } from '../../src/evaluate/evaluate.js';
import { runCases } from '../../src/evaluate/run-cases.js';
import { InputError } from '../../src/io/errors.js';
import { fixtureFolder, readFixture } from '../../src/sources/fixture-dir.js';
import { ServiceUnreachableError } from '../../src/sources/live/first-contact.js';
import { createLiveTraceSource, type LiveSourceOptions, loadSessionsFile } from '../../src/sources/live/live-source.js';
import type { TraceRunInput } from '../../src/sources/types.js';
import { countConnectionAttempts } from '../helpers/connection-attempts.js';
import {
  closedPort,
  diagnosisTrace,
  evalCase,
  fakeClock,
  type SimulatedService,
  sendJson,
  sendText,
  startSimulatedService,
} from './simulated-service.js';

let service: SimulatedService | null = null;
let workDir = '';

beforeEach(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'diag-eval-live-'));
});

afterEach(async () => {
  await service?.close();
  service = null;
  await rm(workDir, { recursive: true, force: true });
});

function options(apiUrl: string, overrides: Partial<LiveSourceOptions> = {}): LiveSourceOptions {
  const clock = fakeClock();
  return {
    apiUrl,
    sessions: null,
    ask: false,
    repeat: 1,
    recordDir: null,
    concurrency: 4,
    timeoutMs: 2000,
    pollTimeoutMs: 60_000,
    headers: [],
    cwd: workDir,
    sleep: clock.sleep,
    now: clock.now,
    random: () => 0,
    ...overrides,
  };
}

function single(runs: TraceRunInput[]): TraceRunInput {
  expect(runs).toHaveLength(1);
  return runs[0] as TraceRunInput;
}

describe('live source, fetching a known session', () => {
  it('fetches GET /api/diagnosis/{sessionId}/trace and hands on the trace without its envelope', async () => {
    const trace = diagnosisTrace('diag-0001');
    service = await startSimulatedService({
      'GET /api/diagnosis/diag-0001/trace': (response) =>
        sendJson(response, 200, { code: 0, message: 'ok', data: trace }),
    });
    const source = createLiveTraceSource(options(service.url));
    const run = single(await source.tracesFor(evalCase({ sessionId: 'diag-0001' })));
    expect(run).toEqual({ kind: 'document', document: trace, traceFixture: null, sessionId: 'diag-0001' });
    expect(evaluateRun(evalCase(), run, DEFAULT_CONTRACT).status).toBe('passed');
  });

  it('takes the session id from --sessions before the case, encodes it, and keeps the base path', async () => {
    service = await startSimulatedService({
      'GET /gw/api/diagnosis/a%2Fb%20c/trace': (response) => sendJson(response, 200, diagnosisTrace('a/b c')),
    });
    const source = createLiveTraceSource(options(`${service.url}/gw/`, { sessions: { 'payment-timeout': 'a/b c' } }));
    const run = single(await source.tracesFor(evalCase({ sessionId: 'other' })));
    expect(run).toMatchObject({ kind: 'document', sessionId: 'a/b c' });
    expect(service.requests.map((request) => request.path)).toEqual(['/gw/api/diagnosis/a%2Fb%20c/trace']);
  });

  it('is not_run, asking nothing, when a case has no session id', async () => {
    service = await startSimulatedService({});
    const run = single(await createLiveTraceSource(options(service.url)).tracesFor(evalCase()));
    expect(run).toMatchObject({ kind: 'not_run', sessionId: null });
    expect(run.kind === 'not_run' && run.reason).toMatch(
      /^no session id: the case has no sessionId;.*--sessions FILE.*--ask/u,
    );
    const mapped = single(
      await createLiveTraceSource(options(service.url, { sessions: { other: 'x' } })).tracesFor(evalCase()),
    );
    expect(mapped.kind === 'not_run' && mapped.reason).toContain('the --sessions file does not map "payment-timeout"');
    expect(service.requests).toHaveLength(0);
  });

  it('turns every failure into not_run naming method, path, cause and attempts, and the other cases still pass', async () => {
    service = await startSimulatedService({
      'GET /api/diagnosis/ok/trace': (response) => sendJson(response, 200, diagnosisTrace('ok')),
      'GET /api/diagnosis/flaky/trace': (response, hit) =>
        hit === 1 ? sendJson(response, 500, { error: 'db' }) : sendJson(response, 200, diagnosisTrace('flaky')),
      'GET /api/diagnosis/busy/trace': (response, hit) =>
        hit === 1
          ? sendJson(response, 429, {}, { 'retry-after': '7' })
          : sendJson(response, 200, diagnosisTrace('busy')),
      'GET /api/diagnosis/html/trace': (response) => sendText(response, 200, '<html>gateway error</html>'),
      'GET /api/diagnosis/down/trace': (response) => sendJson(response, 502, {}),
      'GET /api/diagnosis/forbidden/trace': (response) => sendJson(response, 403, {}),
    });
    const clock = fakeClock();
    const source = createLiveTraceSource(options(`${service.url}?key=k`, { sleep: clock.sleep, now: clock.now }));
    const sessions = ['ok', 'flaky', 'busy', 'html', 'down', 'forbidden', 'missing'];
    const cases = sessions.map((sessionId) => evalCase({ id: sessionId, sessionId }));
    const report = await runCases(cases, source, DEFAULT_CONTRACT);
    const outcome = Object.fromEntries(report.cases.map((result) => [result.caseId, [result.status, result.reason]]));
    expect(outcome).toEqual({
      ok: ['passed', null],
      flaky: ['passed', null],
      busy: ['passed', null],
      html: [
        'not_run',
        'GET /api/diagnosis/html/trace: HTTP 200, the body is not JSON (text/html, 26 bytes) (1 attempt)',
      ],
      down: ['not_run', 'GET /api/diagnosis/down/trace: HTTP 502 (4 attempts)'],
      forbidden: ['not_run', 'GET /api/diagnosis/forbidden/trace: HTTP 403 (1 attempt)'],
      missing: ['not_run', 'GET /api/diagnosis/missing/trace: HTTP 404 (1 attempt)'],
    });
    expect(clock.sleeps).toContain(7000);
  });

  it('is not_run after 4 attempts when the service answers slower than the timeout', async () => {
    service = await startSimulatedService({
      'GET /api/diagnosis/slow/trace': (response) =>
        void setTimeout(() => sendJson(response, 200, diagnosisTrace('slow')), 2000),
    });
    const run = single(
      await createLiveTraceSource(options(service.url, { timeoutMs: 150 })).tracesFor(evalCase({ sessionId: 'slow' })),
    );
    expect(run).toMatchObject({
      kind: 'not_run',
      reason: 'GET /api/diagnosis/slow/trace: timeout after 150 ms (4 attempts)',
    });
    expect(service.requests).toHaveLength(4);
  });

  it('stops the run at its first request when nothing listens: one connection attempt, no case asked after it', async () => {
    const port = await closedPort();
    const clock = fakeClock();
    const source = createLiveTraceSource(options(`http://127.0.0.1:${port}`, { sleep: clock.sleep, now: clock.now }));
    const cases = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => evalCase({ id, sessionId: `s-${id}` }));
    const attempts = countConnectionAttempts(port);
    const finished: string[] = [];
    try {
      const run = runCases(cases, source, DEFAULT_CONTRACT, { onCaseDone: () => finished.push('case') });
      await expect(run).rejects.toThrow(ServiceUnreachableError);
      await expect(run).rejects.toThrow(
        `http://127.0.0.1:${port}: connection refused; expected a diagnosis service (is it running?)`,
      );
      expect(attempts.count()).toBe(1);
    } finally {
      attempts.stop();
    }
    expect(clock.sleeps).toEqual([]);
    expect(finished).toEqual([]);
    // Every later request is refused at once, without a connection.
    await expect(source.tracesFor(evalCase({ sessionId: 's-g' }))).rejects.toThrow(ServiceUnreachableError);
  });

  it('asking (--ask, --repeat 3): the first POST is sent alone and not retried when refused', async () => {
    const port = await closedPort();
    const source = createLiveTraceSource(options(`http://127.0.0.1:${port}/gw`, { ask: true, repeat: 3 }));
    const attempts = countConnectionAttempts(port);
    try {
      await expect(runCases([evalCase({ id: 'a' }), evalCase({ id: 'b' })], source, DEFAULT_CONTRACT)).rejects.toThrow(
        `http://127.0.0.1:${port}/gw: connection refused; expected a diagnosis service (is it running?)`,
      );
      expect(attempts.count()).toBe(1);
    } finally {
      attempts.stop();
    }
  });

  it("a refusal after the service answered is that case's failure, retried as before: not_run with ECONNREFUSED (4 attempts)", async () => {
    service = await startSimulatedService({
      'GET /api/diagnosis/s1/trace': (response) => sendJson(response, 200, diagnosisTrace('s1')),
    });
    const port = Number(new URL(service.url).port);
    const source = createLiveTraceSource(options(service.url));
    expect(single(await source.tracesFor(evalCase({ id: 'first', sessionId: 's1' })))).toMatchObject({
      kind: 'document',
    });
    await service.close();
    service = null;
    const attempts = countConnectionAttempts(port);
    try {
      expect(single(await source.tracesFor(evalCase({ id: 'second', sessionId: 's2' })))).toEqual({
        kind: 'not_run',
        reason: 'GET /api/diagnosis/s2/trace: ECONNREFUSED (4 attempts)',
        traceFixture: null,
        sessionId: 's2',
      });
      expect(attempts.count()).toBe(4);
    } finally {
      attempts.stop();
    }
  });

  it('a first request that times out is not "nothing there": it is retried and the other cases go on', async () => {
    service = await startSimulatedService({
      'GET /api/diagnosis/slow/trace': (response) =>
        void setTimeout(() => sendJson(response, 200, diagnosisTrace('slow')), 2000),
      'GET /api/diagnosis/ok/trace': (response) => sendJson(response, 200, diagnosisTrace('ok')),
    });
    const source = createLiveTraceSource(options(service.url, { timeoutMs: 150, concurrency: 1 }));
    const report = await runCases(
      [evalCase({ id: 'slow', sessionId: 'slow' }), evalCase({ id: 'ok', sessionId: 'ok' })],
      source,
      DEFAULT_CONTRACT,
    );
    expect(report.cases.map((result) => [result.caseId, result.status, result.reason])).toEqual([
      ['slow', 'not_run', 'GET /api/diagnosis/slow/trace: timeout after 150 ms (4 attempts)'],
      ['ok', 'passed', null],
    ]);
  });
});

describe('live source, asking the service', () => {
  it('posts the question, polls past 404 and RUNNING with growing intervals, and returns the finished trace', async () => {
    const finished = diagnosisTrace('s-42');
    service = await startSimulatedService({
      'POST /api/chat': (response) => sendJson(response, 200, { code: 0, data: { sessionId: 's-42' } }),
      'GET /api/diagnosis/s-42/trace': (response, hit) =>
        hit === 1
          ? sendJson(response, 404, {})
          : hit < 5
            ? sendJson(response, 200, {
                data: { ...finished, status: hit === 2 ? 'pending' : 'Running', finalAnswer: undefined },
              })
            : sendJson(response, 200, { code: 0, data: finished }),
    });
    const clock = fakeClock();
    const source = createLiveTraceSource(options(service.url, { ask: true, sleep: clock.sleep, now: clock.now }));
    const run = single(await source.tracesFor(evalCase()));
    expect(run).toEqual({ kind: 'document', document: finished, traceFixture: null, sessionId: 's-42' });
    expect(JSON.parse(service.requests[0]?.body ?? '')).toEqual({ question: 'Why are payments timing out?' });
    expect(clock.sleeps).toEqual([500, 750, 1125, 1687.5, 2531.25]);
  });

  it('caps the poll interval at 5 s and gives up at the poll timeout, naming it', async () => {
    service = await startSimulatedService({
      'POST /api/chat': (response) => sendJson(response, 200, { sessionId: 'stuck' }),
      'GET /api/diagnosis/stuck/trace': (response) =>
        sendJson(response, 200, diagnosisTrace('stuck', { status: 'IN_PROGRESS' })),
    });
    const clock = fakeClock();
    const source = createLiveTraceSource(
      options(service.url, { ask: true, pollTimeoutMs: 20_000, sleep: clock.sleep, now: clock.now }),
    );
    const run = single(await source.tracesFor(evalCase()));
    expect(run).toEqual({
      kind: 'not_run',
      reason:
        'GET /api/diagnosis/stuck/trace: status still "IN_PROGRESS" when the poll timeout of 20000 ms passed (8 polls)',
      traceFixture: null,
      sessionId: 'stuck',
    });
    expect(clock.sleeps).toEqual([500, 750, 1125, 1687.5, 2531.25, 3796.875, 5000, 4609.375]);
  });

  it('with a poll timeout of 0 looks once, at once: a finished trace is taken, an unfinished one named', async () => {
    service = await startSimulatedService({
      'POST /api/chat': (response, hit) => sendJson(response, 200, { sessionId: hit === 1 ? 'done' : 'stuck' }),
      'GET /api/diagnosis/done/trace': (response) => sendJson(response, 200, diagnosisTrace('done')),
      'GET /api/diagnosis/stuck/trace': (response) =>
        sendJson(response, 200, diagnosisTrace('stuck', { status: 'RUNNING' })),
    });
    const clock = fakeClock();
    const source = createLiveTraceSource(
      options(service.url, { ask: true, pollTimeoutMs: 0, concurrency: 1, sleep: clock.sleep, now: clock.now }),
    );
    expect(single(await source.tracesFor(evalCase()))).toMatchObject({ kind: 'document', sessionId: 'done' });
    expect(single(await source.tracesFor(evalCase()))).toMatchObject({
      kind: 'not_run',
      reason: 'GET /api/diagnosis/stuck/trace: status still "RUNNING" when the poll timeout of 0 ms passed (1 poll)',
    });
    expect(clock.sleeps.every((ms) => ms === 0)).toBe(true);
  });

  it('names a trace that never appeared when every poll found 404', async () => {
    service = await startSimulatedService({
      'POST /api/chat': (response) => sendJson(response, 200, { sessionId: 'ghost' }),
    });
    const clock = fakeClock();
    const source = createLiveTraceSource(
      options(service.url, { ask: true, pollTimeoutMs: 1000, sleep: clock.sleep, now: clock.now }),
    );
    expect(single(await source.tracesFor(evalCase()))).toMatchObject({
      kind: 'not_run',
      reason:
        'GET /api/diagnosis/ghost/trace: no trace yet (HTTP 404) when the poll timeout of 1000 ms passed (2 polls)',
      sessionId: 'ghost',
    });
  });

  it('does not retry a chat POST that failed with 500, and says so', async () => {
    service = await startSimulatedService({ 'POST /api/chat': (response) => sendJson(response, 500, {}) });
    const run = single(await createLiveTraceSource(options(service.url, { ask: true })).tracesFor(evalCase()));
    expect(run).toMatchObject({ kind: 'not_run', reason: 'POST /api/chat: HTTP 500 (1 attempt)', sessionId: null });
  });

  it('is not_run when the chat answer carries no session id', async () => {
    service = await startSimulatedService({
      'POST /api/chat': (response) => sendJson(response, 200, { data: { id: 1 } }),
    });
    const run = single(await createLiveTraceSource(options(service.url, { ask: true })).tracesFor(evalCase()));
    expect(run).toMatchObject({
      kind: 'not_run',
      reason: 'POST /api/chat: HTTP 200, the response has no sessionId (1 attempt)',
    });
  });

  it('asks K times with --repeat; a case passing 2 of 3 runs is flaky, pass^3 false, pass@3 true', async () => {
    const verdicts = ['PASS', 'REJECT', 'PASS'];
    service = await startSimulatedService({
      'POST /api/chat': (response, hit) => sendJson(response, 200, { sessionId: `run-${((hit - 1) % 3) + 1}` }),
      ...Object.fromEntries(
        verdicts.map((verdict, index) => [
          `GET /api/diagnosis/run-${index + 1}/trace`,
          (response: Parameters<typeof sendJson>[0]) =>
            sendJson(response, 200, diagnosisTrace(`run-${index + 1}`, {}, verdict)),
        ]),
      ),
    });
    // One run at a time, so that the n-th question gets the n-th session.
    const source = createLiveTraceSource(options(service.url, { ask: true, repeat: 3, concurrency: 1 }));
    const runs = await source.tracesFor(evalCase());
    expect(runs.map((run) => run.sessionId)).toEqual(['run-1', 'run-2', 'run-3']);
    expect(runs.map((run) => evaluateRun(evalCase(), run, DEFAULT_CONTRACT).status)).toEqual([
      'passed',
      'failed',
      'passed',
    ]);

    const again = createLiveTraceSource(options(service.url, { ask: true, repeat: 3, concurrency: 1 }));
    const report = await runCases([evalCase()], again, DEFAULT_CONTRACT, { repeat: 3 });
    expect(report.cases[0]).toMatchObject({ status: 'failed', passedRuns: 2, flaky: true });
    expect(report.summary).toMatchObject({ repeat: 3, passRate: 0, passAtK: 1 });
  });

  it('keeps at most --concurrency requests in flight across cases and runs', async () => {
    const later = (send: () => void) => void setTimeout(send, 10);
    service = await startSimulatedService({
      'POST /api/chat': (response) => later(() => sendJson(response, 200, { sessionId: 'shared' })),
      'GET /api/diagnosis/shared/trace': (response) => later(() => sendJson(response, 200, diagnosisTrace('shared'))),
    });
    const source = createLiveTraceSource(options(service.url, { ask: true, repeat: 3, concurrency: 2 }));
    const cases = ['a', 'b', 'c', 'd'].map((id) => evalCase({ id }));
    const report = await runCases(cases, source, DEFAULT_CONTRACT, { repeat: 3 });
    expect(report.summary).toMatchObject({ passed: 4, runPassRate: 1 });
    expect(service.requests.filter((request) => request.method === 'POST')).toHaveLength(12);
    expect(service.maxInFlight()).toBe(2);
  });
});

describe('--record', () => {
  it('writes each final trace without its envelope under the fixture name, and it re-evaluates offline the same', async () => {
    const passing = diagnosisTrace('p1');
    const failing = diagnosisTrace('f1', {}, 'REJECT');
    service = await startSimulatedService({
      'GET /api/diagnosis/p1/trace': (response) => sendJson(response, 200, { code: 0, message: 'ok', data: passing }),
      'GET /api/diagnosis/f1/trace': (response) => sendJson(response, 200, failing),
      'GET /api/diagnosis/gone/trace': (response) => sendJson(response, 410, {}),
    });
    const cases = [
      evalCase({ id: 'pass-case', sessionId: 'p1', traceFixture: 'nested/passing.json' }),
      evalCase({ id: 'fail-case', sessionId: 'f1' }),
      evalCase({ id: 'gone-case', sessionId: 'gone' }),
    ];
    const source = createLiveTraceSource(options(service.url, { recordDir: 'recorded' }));
    const live = await runCases(cases, source, DEFAULT_CONTRACT);
    expect(live.cases.map((result) => [result.status, result.traceFixture])).toEqual([
      ['passed', 'recorded/nested/passing.json'],
      ['failed', 'recorded/fail-case.json'],
      ['not_run', null],
    ]);
    expect(await readFile(join(workDir, 'recorded/nested/passing.json'), 'utf8')).toBe(
      `${JSON.stringify(passing, null, 2)}\n`,
    );
    expect((await readdir(join(workDir, 'recorded'))).sort()).toEqual(['fail-case.json', 'nested']);

    const offline = cases.map((item) =>
      evaluateRun(item, readFixture(fixtureFolder(join(workDir, 'recorded'), workDir), item), DEFAULT_CONTRACT),
    );
    expect(offline.map((result) => result.status)).toEqual(['passed', 'failed', 'not_run']);
    expect(offline.slice(0, 2)).toEqual(live.cases.slice(0, 2));
  });

  it('names repeat runs <name>.run<i>.json', async () => {
    service = await startSimulatedService({
      'POST /api/chat': (response, hit) => sendJson(response, 200, { sessionId: `r${hit}` }),
      'GET /api/diagnosis/r1/trace': (response) => sendJson(response, 200, diagnosisTrace('r1')),
      'GET /api/diagnosis/r2/trace': (response) => sendJson(response, 200, diagnosisTrace('r2')),
    });
    const source = createLiveTraceSource(
      options(service.url, { ask: true, repeat: 2, concurrency: 1, recordDir: join(workDir, 'rec') }),
    );
    const runs = await source.tracesFor(evalCase({ traceFixture: 'payment.json' }));
    expect(runs.map((run) => run.traceFixture)).toEqual(['rec/payment.run1.json', 'rec/payment.run2.json']);
    const first = JSON.parse(await readFile(join(workDir, 'rec/payment.run1.json'), 'utf8')) as { sessionId: string };
    expect(first.sessionId).toBe('r1');
  });

  it('warns, and records nothing, when a write fails', async () => {
    service = await startSimulatedService({
      'GET /api/diagnosis/s/trace': (response) => sendJson(response, 200, diagnosisTrace('s')),
    });
    await writeFile(join(workDir, 'blocked'), 'a file where the folder should be');
    const source = createLiveTraceSource(options(service.url, { recordDir: 'blocked' }));
    const run = single(await source.tracesFor(evalCase({ sessionId: 's' })));
    expect(run).toMatchObject({ kind: 'document', traceFixture: null });
    expect(source.warnings()).toEqual([
      expect.stringMatching(/^payment-timeout: not recorded: cannot write the file \(.+\)$/u),
    ]);
  });
});

describe('--header secrets', () => {
  it('sends the header but never puts its value in a reason, a warning, a trace or a recorded file', async () => {
    const secret = 'Bearer tok-5f1e2d3c4b5a69788796a5b4';
    const token = secret.slice('Bearer '.length);
    service = await startSimulatedService({
      'GET /api/diagnosis/echo/trace': (response, _hit, request) =>
        sendJson(
          response,
          200,
          diagnosisTrace('echo', { finalAnswer: `caller sent ${request.headers.authorization}; token ${token}` }),
        ),
      'GET /api/diagnosis/error/trace': (response, _hit, request) =>
        sendText(response, 200, `bad token ${request.headers.authorization}`),
      'GET /api/diagnosis/refused/trace': (response, _hit, request) =>
        sendJson(response, 401, { message: `invalid ${request.headers.authorization}` }),
    });
    const recordDir = join(workDir, 'rec');
    const source = createLiveTraceSource(
      options(`http://user:pa55-word-9@${service.url.slice('http://'.length)}`, {
        headers: [['Authorization', secret]],
        recordDir,
      }),
    );
    const cases = ['echo', 'error', 'refused'].map((id) => evalCase({ id, sessionId: id }));
    const report = await runCases(cases, source, DEFAULT_CONTRACT);
    expect(service.requests.every((request) => request.headers.authorization === secret)).toBe(true);

    const files = await readdir(recordDir);
    const written = await Promise.all(files.map((file) => readFile(join(recordDir, file), 'utf8')));
    const everything = [JSON.stringify(report), ...source.warnings(), ...written].join('\n');
    expect(everything).not.toContain(token);
    expect(everything).not.toContain('pa55-word-9');
    expect(written[0]).toContain('caller sent [redacted]; token [redacted]');
    expect(source.warnings()).toEqual(['echo: the trace contained a --header value; it was replaced by [redacted]']);
    expect(report.cases.map((result) => result.reason)).toEqual([
      null,
      'GET /api/diagnosis/error/trace: HTTP 200, the body is not JSON (text/html, 45 bytes) (1 attempt)',
      'GET /api/diagnosis/refused/trace: HTTP 401 (1 attempt)',
    ]);
  });

  it('a trace nested 100,000 levels deep is judged with a --header as without one; --record says why it is not written', async () => {
    const depth = 100_000;
    const trace = diagnosisTrace('deep');
    const body = JSON.stringify(trace).replace(/\}$/u, `,"extra":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`);
    service = await startSimulatedService({
      'GET /api/diagnosis/deep/trace': (response) => sendText(response, 200, body, 'application/json'),
    });
    const judged = async (overrides: Partial<LiveSourceOptions>) => {
      const source = createLiveTraceSource(options(service?.url ?? '', overrides));
      const report = await runCases([evalCase({ sessionId: 'deep' })], source, DEFAULT_CONTRACT);
      return { result: report.cases[0], warnings: source.warnings() };
    };
    const plain = await judged({});
    expect(plain.result?.status).toBe('passed');
    expect(await judged({ headers: [['Authorization', 'Bearer tok-5f1e2d3c4b5a']] })).toEqual(plain);
    expect(await judged({ recordDir: 'rec' })).toEqual({
      result: plain.result,
      warnings: [
        'payment-timeout: not recorded: the trace is nested too deeply to write as JSON (thousands of levels)',
      ],
    });
  });

  it('turns URL credentials into Basic authorisation, and --api errors never echo them', async () => {
    service = await startSimulatedService({
      'GET /api/diagnosis/s/trace': (response) => sendJson(response, 200, diagnosisTrace('s')),
    });
    const source = createLiveTraceSource(options(`http://ops:s3cret-pass@${service.url.slice('http://'.length)}`));
    expect(single(await source.tracesFor(evalCase({ sessionId: 's' }))).kind).toBe('document');
    expect(service.requests[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from('ops:s3cret-pass').toString('base64')}`,
    );
    expect(() => createLiveTraceSource(options('ftp://ops:s3cret-pass@host/x'))).toThrow(InputError);
    expect(() => createLiveTraceSource(options('ftp://ops:s3cret-pass@host/x'))).toThrow(/^--api ftp:\/\/host\/x: /u);
    expect(() => createLiveTraceSource(options('not a url s3cret-pass'))).not.toThrow(/s3cret/u);
  });
});

describe('loadSessionsFile', () => {
  it('reads a JSON object of case id → session id', async () => {
    const path = join(workDir, 'sessions.json');
    await writeFile(path, JSON.stringify({ 'payment-timeout': 'diag-0001', constructor: 'diag-0002' }));
    const sessions = await loadSessionsFile(path, 'sessions.json');
    expect({ ...sessions }).toEqual({ 'payment-timeout': 'diag-0001', constructor: 'diag-0002' });
  });

  it.each([
    ['[]', ['sessions.json:1:1: (top level): found a list of 0; expected a JSON object of case id → session id']],
    [
      '{"a": 1,\n "b": "", "c": "ok"}',
      [
        'sessions.json:1:2: a: found 1; expected a non-empty session id string',
        'sessions.json:2:2: b: found ""; expected a non-empty session id string',
      ],
    ],
    ['{"a": ', ["sessions.json:1:7: not valid JSON: Object value expected after ':' at line 1, column 7"]],
  ])('names the file and every problem in %s', async (text, problems) => {
    const path = join(workDir, 'sessions.json');
    await writeFile(path, text);
    const error = await loadSessionsFile(path, 'sessions.json').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).problems).toEqual(problems);
  });

  it('names a file that cannot be read', async () => {
    await expect(loadSessionsFile(join(workDir, 'nope.json'), 'nope.json')).rejects.toThrow(
      'nope.json: cannot read the file (no such file)',
    );
  });
});
