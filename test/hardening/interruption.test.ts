import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt } from '../helpers/build.js';
import { writeFiles } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { buildTrace } from '../helpers/trace-builder.js';

const tempDir = useTempDirs();
beforeAll(() => ensureBuilt());

/** Enough cases that writing report.json takes a while: long enough to be stopped in the middle. */
function largeProject(cases: number): string {
  const cwd = tempDir();
  const list = Array.from({ length: cases }, (_, index) => ({
    id: `case-${index}`,
    question: `Why is service ${index} slow?`,
    traceFixture: 'shared.json',
    rootCauseKeywords: [['connection pool', '连接池'], 'exhausted', 'batch'],
    requiredEvidenceTools: ['queryMetrics', 'queryLogs'],
    allowedVerdicts: ['PASS'],
  }));
  writeFiles(cwd, { 'cases.json': JSON.stringify({ version: 1, cases: list }), 'fixtures/shared.json': buildTrace() });
  return cwd;
}

const temporaryFiles = (folder: string): string[] =>
  existsSync(folder) ? readdirSync(folder).filter((name) => name.includes('.tmp-')) : [];

/** Runs the command, sends the signal as soon as a temporary file appears in `watched`, and waits for the end. */
async function interruptWhileWriting(cwd: string, args: string[], watched: string, signal: NodeJS.Signals) {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd,
    env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1' },
    stdio: 'ignore',
  });
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, endSignal) => resolve({ code, signal: endSignal })),
  );
  let sawTemporary = false;
  let finished = false;
  void ended.then(() => (finished = true));
  const deadline = Date.now() + 60_000;
  while (!finished && Date.now() < deadline) {
    if (temporaryFiles(watched).length > 0) {
      sawTemporary = true;
      child.kill(signal);
      break;
    }
    await delay(1);
  }
  return { sawTemporary, ...(await ended) };
}

describe('a command stopped in the middle of a write leaves no temporary file (S48)', () => {
  it.each([
    [
      'run, SIGINT',
      ['run', '--cases', 'cases.json', '--fixtures', 'fixtures', '--out', 'out', '--quiet'],
      'out',
      'SIGINT',
    ],
    [
      'check, SIGTERM',
      [
        'check',
        '--cases',
        'cases.json',
        '--fixtures',
        'fixtures',
        '--baseline',
        'base/report.json',
        '--out',
        'out',
        '--quiet',
      ],
      'out',
      'SIGTERM',
    ],
    [
      'baseline, SIGINT, in the baseline folder',
      ['baseline', '--cases', 'cases.json', '--fixtures', 'fixtures', '--baseline-dir', 'base', '--quiet'],
      'base',
      'SIGINT',
    ],
  ] as const)(
    'S48: %s',
    async (_name, args, watched, signal) => {
      const cwd = largeProject(40_000);
      // A small baseline, for check; and old reports, which must stay whole and old.
      writeFiles(cwd, {
        'base/report.json': {
          schemaVersion: 1,
          summary: {
            total: 0,
            passed: 0,
            failed: 0,
            notRun: 0,
            passRate: null,
            verdictDistribution: {},
            avgToolCalls: null,
            avgDurationMs: null,
          },
          cases: [],
        },
        'out/report.json': 'old report\n',
        'out/diff.json': 'old diff\n',
      });
      const before = readFileSync(join(cwd, watched, 'report.json'), 'utf8');
      const outcome = await interruptWhileWriting(cwd, [...args], join(cwd, watched), signal);
      expect(outcome.sawTemporary, 'the signal must arrive while a temporary file exists').toBe(true);
      expect(outcome.signal).toBe(signal);
      expect(temporaryFiles(join(cwd, watched))).toEqual([]);
      // Whole and old (stopped before the rename), never half-written.
      const after = readFileSync(join(cwd, watched, 'report.json'), 'utf8');
      if (after !== before) expect(() => JSON.parse(after) as unknown).not.toThrow();
      if (args[0] === 'check') {
        // The previous run's diff is gone before any new report is put in place: never a mixed set.
        expect(existsSync(join(cwd, 'out', 'diff.json'))).toBe(false);
      }
      // A 40,000-case run on two busy cores; the wait for the temporary file alone may take 60 s.
    },
    120_000,
  );
});
