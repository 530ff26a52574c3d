import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { diagnosisTrace, type SimulatedService, sendJson, startSimulatedService } from './simulated-service.js';

const tempDir = useTempDirs();
let workDir = '';
let service: SimulatedService | null = null;

beforeEach(() => {
  workDir = tempDir('diag-eval-record-repeated-');
});

afterEach(async () => {
  await service?.close();
  service = null;
});

function quietIo() {
  return createFakeIo({ cwd: workDir, env: { NO_COLOR: '1' } }).io;
}

/** The case file cases.json of the working folder. */
async function writeCases(cases: readonly Record<string, unknown>[]): Promise<void> {
  await writeFile(join(workDir, 'cases.json'), JSON.stringify({ version: 1, cases }));
}

const RUNS = 3;

/** Each case asked RUNS times of the service, one request at a time, every trace recorded in recorded/. */
function askedAndRecorded(simulated: SimulatedService): string[] {
  return ['--api', simulated.url, '--ask', '--repeat', String(RUNS), '--concurrency', '1', '--record', 'recorded'];
}

describe('a live run recorded with --repeat, evaluated offline (S75)', () => {
  it('S75 the recorded folder evaluated with --fixtures gives the report.json of the live run that recorded it', async () => {
    // Each question is asked RUNS times; the flaky case's second session answers REJECT.
    const questions = { steady: 'Why are payments timing out?', flaky: 'Why is checkout slow?' };
    const routes: Parameters<typeof startSimulatedService>[0] = {
      'POST /api/chat': (response, _hit, request) => {
        const { question } = JSON.parse(request.body) as { question: string };
        const name = question === questions.flaky ? 'flaky' : 'steady';
        asked[name] += 1;
        sendJson(response, 200, { sessionId: `${name}-${asked[name]}` });
      },
    };
    const asked = { steady: 0, flaky: 0 };
    for (const name of ['steady', 'flaky'] as const) {
      for (let run = 1; run <= RUNS; run += 1) {
        const sessionId = `${name}-${run}`;
        const verdict = name === 'flaky' && run === 2 ? 'REJECT' : 'PASS';
        routes[`GET /api/diagnosis/${sessionId}/trace`] = (response) =>
          sendJson(response, 200, { code: 0, data: diagnosisTrace(sessionId, { durationMs: 1000 + run }, verdict) });
      }
    }
    service = await startSimulatedService(routes);
    const caseBase = {
      rootCauseKeywords: ['connection pool'],
      requiredEvidenceTools: ['queryMetrics'],
      allowedVerdicts: ['PASS'],
    };
    await writeCases([
      { id: 'steady', question: questions.steady, ...caseBase },
      { id: 'flaky', question: questions.flaky, ...caseBase },
    ]);
    const live = await main(
      ['run', '--cases', 'cases.json', ...askedAndRecorded(service), '--out', 'live', '--quiet'],
      quietIo(),
    );
    expect(live).toBe(1);
    const offline = await main(
      ['run', '--cases', 'cases.json', '--fixtures', 'recorded', '--out', 'offline', '--quiet'],
      quietIo(),
    );
    expect(offline).toBe(1);

    const liveJson = await readFile(join(workDir, 'live', 'report.json'), 'utf8');
    const offlineJson = await readFile(join(workDir, 'offline', 'report.json'), 'utf8');
    const report = JSON.parse(liveJson) as {
      summary: Record<string, unknown>;
      cases: { caseId: string; passedRuns: number; flaky: boolean; runs: { sessionId: string }[] }[];
    };
    // The live run is what it should be: 2 of 3 runs of the flaky case passed.
    expect(report.summary).toMatchObject({ repeat: RUNS, passRate: 0.5, passAtK: 1, runPassRate: 0.8333 });
    expect(report.cases.map((result) => [result.caseId, result.passedRuns, result.flaky])).toEqual([
      ['steady', 3, false],
      ['flaky', 2, true],
    ]);
    expect(report.cases[1]?.runs.map((run) => run.sessionId)).toEqual(['flaky-1', 'flaky-2', 'flaky-3']);
    expect(offlineJson).toBe(liveJson);
    expect(await readFile(join(workDir, 'offline', 'report.md'), 'utf8')).toBe(
      await readFile(join(workDir, 'live', 'report.md'), 'utf8'),
    );
  });

  it('S75 a case none of whose runs produced a trace counts K runs offline too: the same runs and run pass rate as live', async () => {
    // The service answers the steady case; asked the broken one, it fails, so --record writes nothing for it.
    const questions = { steady: 'Why are payments timing out?', broken: 'Why is search down?' };
    let asked = 0;
    const routes: Parameters<typeof startSimulatedService>[0] = {
      'POST /api/chat': (response, _hit, request) => {
        const { question } = JSON.parse(request.body) as { question: string };
        if (question === questions.broken) return sendJson(response, 400, { error: 'bad question' });
        asked += 1;
        sendJson(response, 200, { sessionId: `steady-${asked}` });
      },
    };
    for (let run = 1; run <= RUNS; run += 1)
      routes[`GET /api/diagnosis/steady-${run}/trace`] = (response) =>
        sendJson(response, 200, diagnosisTrace(`steady-${run}`, { durationMs: 1000 }, 'PASS'));
    service = await startSimulatedService(routes);
    const caseBase = { rootCauseKeywords: ['connection pool'], requiredEvidenceTools: ['queryMetrics'] };
    await writeCases([
      { id: 'steady', question: questions.steady, ...caseBase },
      { id: 'broken', question: questions.broken, ...caseBase },
    ]);
    const liveRun = ['run', '--cases', 'cases.json', ...askedAndRecorded(service), '--out', 'live', '--quiet'];
    expect(await main(liveRun, quietIo())).toBe(1);
    expect(
      await main(['run', '--cases', 'cases.json', '--fixtures', 'recorded', '--out', 'offline', '--quiet'], quietIo()),
    ).toBe(1);
    type Read = { summary: Record<string, unknown>; cases: { caseId: string; runs: { status: string }[] }[] };
    const read = async (folder: string) =>
      JSON.parse(await readFile(join(workDir, folder, 'report.json'), 'utf8')) as Read;
    const [live, offline] = [await read('live'), await read('offline')];
    const runs = (report: Read) => report.cases.map((result) => result.runs.map((run) => run.status));
    expect(runs(offline)).toEqual(runs(live));
    expect(runs(live)[1]).toEqual(['not_run', 'not_run', 'not_run']);
    expect(offline.summary).toEqual(live.summary);
    expect(live.summary).toMatchObject({ repeat: RUNS, notRun: 1, runPassRate: 0.5 });
  });
});
