import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/build.js';
import { writeFiles } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { traceJson } from '../helpers/trace-builder.js';

const tempDir = useTempDirs();
const COUNTED = fileURLToPath(new URL('../helpers/worker-texts-read.mjs', import.meta.url));

describe('the bundled CLI reads the fixtures of a large run in the background', () => {
  it('S10: a run of 2,000 cases reads its fixtures on the reader thread and reports every case', () => {
    const cwd = tempDir();
    const ids = Array.from({ length: 2000 }, (_unused, index) => `case-${index}`);
    writeFiles(
      cwd,
      Object.fromEntries(
        ids.map((id, index) => [
          `fixtures/${id}.json`,
          traceJson({ finalAnswer: index % 3 === 0 ? '不是连接池的问题' : '根因是连接池耗尽' }),
        ]),
      ),
    );
    writeFileSync(
      join(cwd, 'cases.json'),
      JSON.stringify({
        version: 1,
        defaults: { requiredEvidenceTools: [], allowedVerdicts: ['PASS'] },
        cases: ids.map((id) => ({ id, question: '支付接口为什么超时？', rootCauseKeywords: [['连接池']] })),
      }),
    );
    const child = spawnSync(
      process.execPath,
      ['--import', COUNTED, BIN, 'run', '--cases', 'cases.json', '--fixtures', 'fixtures', '--out', 'out', '--quiet'],
      { cwd, encoding: 'utf8' },
    );
    expect(child.status, child.stderr).toBe(1);
    const textsRead = child.stderr
      .split('\n')
      .filter((line) => line.startsWith('worker read '))
      .map((line) => Number(line.slice('worker read '.length)));
    if (availableParallelism() > 1) {
      // One thread, which read fixtures (the first ones are read on the main thread while it starts).
      expect(textsRead).toHaveLength(1);
      expect(textsRead[0]).toBeGreaterThan(0);
    } else {
      // With no core to spare, no thread is started.
      expect(textsRead).toEqual([]);
    }
    const report = JSON.parse(readFileSync(join(cwd, 'out', 'report.json'), 'utf8'));
    expect(report.summary).toMatchObject({ total: 2000, passed: 1333, failed: 667, notRun: 0 });
  });
});
