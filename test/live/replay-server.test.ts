import { EventEmitter } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveCommand } from '../../src/cli/actions/serve.js';
import type { CliIo } from '../../src/cli/io.js';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { runCases } from '../../src/evaluate/run-cases.js';
import { InputError } from '../../src/io/errors.js';
import { type ReplayServer, startReplayServer } from '../../src/serve/replay-server.js';
import { createLiveTraceSource } from '../../src/sources/live/live-source.js';
import { diagnosisTrace, evalCase, fakeClock } from './simulated-service.js';

let workDir = '';
let fixturesDir = '';
let server: ReplayServer | null = null;

const plain = diagnosisTrace('diag-0001', { question: '支付接口大量超时，根因是什么？' });
const enveloped = {
  code: 0,
  message: 'ok',
  data: { ...diagnosisTrace('ignored'), sessionId: undefined, session_id: 'diag-0002' },
};
const unnamed = { ...diagnosisTrace('x'), sessionId: undefined, question: 'Why is checkout slow?' };

beforeEach(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'diag-eval-serve-'));
  fixturesDir = join(workDir, 'fixtures');
  await mkdir(join(fixturesDir, 'nested'), { recursive: true });
  await writeFile(join(fixturesDir, 'payment.json'), `${JSON.stringify(plain, null, 2)}\n`);
  await writeFile(join(fixturesDir, 'nested', 'order.json'), JSON.stringify(enveloped));
  await writeFile(join(fixturesDir, 'checkout-slow.json'), JSON.stringify(unnamed));
  await writeFile(join(fixturesDir, 'broken.json'), '{ "sessionId": ');
  await writeFile(join(fixturesDir, 'z-duplicate.json'), JSON.stringify(diagnosisTrace('diag-0001')));
  await writeFile(join(fixturesDir, 'notes.txt'), 'not a fixture');
});

afterEach(async () => {
  await server?.close();
  server = null;
  await rm(workDir, { recursive: true, force: true });
});

async function start(): Promise<ReplayServer> {
  server = await startReplayServer({ fixturesDir, port: 0, host: '127.0.0.1', cwd: workDir });
  return server;
}

describe('replay server', () => {
  it('serves each fixture under its sessionId (envelope and snake_case read) or its file name, on 127.0.0.1', async () => {
    const replay = await start();
    expect(replay.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/u);
    expect(replay.ids).toEqual(['broken', 'checkout-slow', 'diag-0001', 'diag-0002']);
    expect(replay.fixtures).toEqual([
      { id: 'broken', file: 'fixtures/broken.json' },
      { id: 'checkout-slow', file: 'fixtures/checkout-slow.json' },
      { id: 'diag-0002', file: 'fixtures/nested/order.json' },
      { id: 'diag-0001', file: 'fixtures/payment.json' },
    ]);
    expect(replay.warnings).toEqual([
      'fixtures/broken.json: not a JSON object; served as it is',
      'fixtures/z-duplicate.json: skipped, session id "diag-0001" is already served from fixtures/payment.json',
    ]);
  });

  it('serves a fixture reached through a symbolic link inside the folder, as run reads it, and names a link that leads outside', async () => {
    await writeFile(join(workDir, 'outside.json'), JSON.stringify(diagnosisTrace('diag-0009')));
    await symlink(join('nested', 'order.json'), join(fixturesDir, 'linked-order.json'));
    await symlink(join('..', 'outside.json'), join(fixturesDir, 'outside-link.json'));
    const replay = await start();
    expect(replay.ids).not.toContain('diag-0009');
    expect(replay.warnings).toContain(
      'fixtures/outside-link.json: skipped, a symbolic link that leads outside the fixtures folder',
    );
    // The link serves diag-0002 first (file-path order), the file it names is then the duplicate.
    expect(replay.fixtures).toContainEqual({ id: 'diag-0002', file: 'fixtures/linked-order.json' });
  });

  it('returns the fixture bytes unchanged, and a JSON 404 for an unknown id', async () => {
    const replay = await start();
    const found = await fetch(`${replay.url}/api/diagnosis/diag-0002/trace`);
    expect(found.status).toBe(200);
    expect(found.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await found.text()).toBe(await readFile(join(fixturesDir, 'nested', 'order.json'), 'utf8'));

    const missing = await fetch(`${replay.url}/api/diagnosis/nope/trace`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: 404, message: 'no trace for session "nope"' });

    const elsewhere = await fetch(`${replay.url}/api/other`);
    expect(elsewhere.status).toBe(404);
    const wrongMethod = await fetch(`${replay.url}/api/diagnosis/diag-0001/trace`, { method: 'DELETE' });
    expect([wrongMethod.status, wrongMethod.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  it('answers POST /api/chat with the session id of the fixture whose question matches after normalisation', async () => {
    const replay = await start();
    const ask = async (body: unknown) => {
      const response = await fetch(`${replay.url}/api/chat`, { method: 'POST', body: JSON.stringify(body) });
      return [response.status, await response.json()] as const;
    };
    expect(await ask({ question: '  支付接口大量超时，根因是什么？ ' })).toEqual([200, { sessionId: 'diag-0001' }]);
    expect(await ask({ question: 'WHY   is checkout slow?' })).toEqual([200, { sessionId: 'checkout-slow' }]);
    expect(await ask({ question: 'something else' })).toEqual([
      404,
      { code: 404, message: 'no fixture has this question' },
    ]);
    expect(await ask({ text: 'no question' })).toEqual([
      400,
      { code: 400, message: 'expected a JSON body {"question": "…"}' },
    ]);
  });

  it('takes fixtures that share a question in turn, so recorded repeat runs replay as repeat runs', async () => {
    await writeFile(join(fixturesDir, 'payment.run2.json'), JSON.stringify({ ...plain, sessionId: 'diag-0001-b' }));
    const replay = await start();
    const ids: string[] = [];
    for (let turn = 0; turn < 3; turn += 1) {
      const response = await fetch(`${replay.url}/api/chat`, {
        method: 'POST',
        body: JSON.stringify({ question: plain['question'] }),
      });
      ids.push(((await response.json()) as { sessionId: string }).sessionId);
    }
    expect(ids).toEqual(['diag-0001', 'diag-0001-b', 'diag-0001']);
  });

  it('feeds live mode: fetching by session id and asking give the fixtures back', async () => {
    const replay = await start();
    const clock = fakeClock();
    const base = {
      apiUrl: replay.url,
      sessions: null,
      repeat: 1,
      recordDir: null,
      concurrency: 2,
      timeoutMs: 2000,
      pollTimeoutMs: 10_000,
      headers: [],
      cwd: workDir,
      sleep: clock.sleep,
      now: clock.now,
    };
    const cases = [
      evalCase({ id: 'payment', sessionId: 'diag-0001', question: '支付接口大量超时，根因是什么？' }),
      evalCase({ id: 'order', sessionId: 'diag-0002' }),
      evalCase({ id: 'broken', sessionId: 'broken' }),
    ];
    const fetched = await runCases(cases, createLiveTraceSource({ ...base, ask: false }), DEFAULT_CONTRACT);
    expect(fetched.cases.map((result) => [result.caseId, result.status])).toEqual([
      ['payment', 'passed'],
      ['order', 'passed'],
      ['broken', 'not_run'],
    ]);
    expect(fetched.cases[2]?.reason).toMatch(/^GET \/api\/diagnosis\/broken\/trace: HTTP 200, the body is not JSON/u);

    const asked = await createLiveTraceSource({ ...base, ask: true }).tracesFor(cases[0] ?? evalCase());
    expect(asked).toEqual([{ kind: 'document', document: plain, traceFixture: null, sessionId: 'diag-0001' }]);
  });

  it('refuses a folder that does not exist', async () => {
    await expect(
      startReplayServer({ fixturesDir: join(workDir, 'none'), port: 0, host: '127.0.0.1', cwd: workDir }),
    ).rejects.toThrow(
      new InputError('--fixtures none: no such folder; expected a folder of trace fixtures (.json files)'),
    );
  });
});

describe('diag-eval serve', () => {
  function captureIo(): CliIo & { out: string[]; err: string[] } {
    const out: string[] = [];
    const err: string[] = [];
    return {
      cwd: workDir,
      env: {},
      stdout: (text) => out.push(text),
      stderr: (text) => err.push(text),
      stdoutIsTTY: false,
      out,
      err,
    };
  }

  it('prints the URL and the ids it serves, and stops cleanly on SIGINT or SIGTERM', async () => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const io = captureIo();
      const signals = new EventEmitter();
      const exit = serveCommand({ fixturesDir, port: 0, host: '127.0.0.1', quiet: false }, io, signals);
      await until(() => io.out.some((line) => line.startsWith('Try: ')));
      const url = /on (http:\/\/127\.0\.0\.1:\d+)\n/u.exec(io.out[0] ?? '')?.[1] ?? '';
      expect(io.out.join('')).toBe(
        [
          `diag-eval serve: 4 traces from fixtures on ${url}`,
          '  broken         fixtures/broken.json',
          '  checkout-slow  fixtures/checkout-slow.json',
          '  diag-0002      fixtures/nested/order.json',
          '  diag-0001      fixtures/payment.json',
          `Try: diag-eval run --api ${url}`,
          'Stop with Ctrl+C.',
          '',
        ].join('\n'),
      );
      expect(io.err).toHaveLength(2);
      expect((await fetch(`${url}/api/diagnosis/diag-0001/trace`)).status).toBe(200);

      signals.emit(signal);
      expect(await exit).toBe(0);
      expect(io.out.at(-1)).toBe('diag-eval serve: stopped\n');
      expect(signals.listenerCount('SIGINT') + signals.listenerCount('SIGTERM')).toBe(0);
      await expect(fetch(`${url}/api/diagnosis/diag-0001/trace`)).rejects.toThrow();
    }
  });

  it('prints nothing with --quiet', async () => {
    const io = captureIo();
    const signals = new EventEmitter();
    const exit = serveCommand({ fixturesDir, port: 0, host: '127.0.0.1', quiet: true }, io, signals);
    await until(() => signals.listenerCount('SIGINT') > 0);
    signals.emit('SIGINT');
    expect(await exit).toBe(0);
    expect([...io.out, ...io.err]).toEqual([]);
  });

  it('reports a port in use as an input error', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      await expect(
        serveCommand({ fixturesDir, port, host: '127.0.0.1', quiet: true }, captureIo(), new EventEmitter()),
      ).rejects.toThrow(
        new InputError(
          `--port ${port}: 127.0.0.1:${port} is already in use; expected a free port (--port 0 picks one)`,
        ),
      );
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });
});

async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries += 1) {
    if (tries > 200) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
