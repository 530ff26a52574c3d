import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { TraceDocument } from '../../src/trace/types.js';

// The staged writes of one trace fail as the test says (a disk that was full for a moment), the
// rest reach the disk.
const failing = vi.hoisted(() => ({ writes: new Set<number>(), count: 0 }));
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>();
  return {
    ...fs,
    writeFile: async (...args: Parameters<typeof fs.writeFile>) => {
      if (String(args[0]).endsWith(`${join('', '0.json')}`) && String(args[0]).includes('.diag-eval-import-')) {
        failing.count += 1;
        if (failing.writes.has(failing.count))
          throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      }
      return fs.writeFile(...args);
    },
  };
});
const { FixtureStaging } = await import('../../src/import/stage-fixtures.js');

const version = (answer: string) => ({
  traceId: 'ab',
  file: 'export.json',
  document: { sessionId: 's', question: 'q', finalAnswer: answer } as unknown as TraceDocument,
});

describe('import staging: a trace handed on again after a staged write failed', () => {
  it.each([
    ['the first write fails, the second reaches the disk', [1]],
    ['the second write fails', [2]],
    ['both writes fail', [1, 2]],
    ['neither fails', []],
  ])('%s: the last version handed on is put in place', async (_name, writes) => {
    failing.writes = new Set(writes);
    failing.count = 0;
    const out = await mkdtemp(join(tmpdir(), 'staging-'));
    try {
      const staging = new FixtureStaging(out, false);
      // Handed on again before the first write settles, as a trace seen again in the next file is.
      await staging.stage(version('first'), 0);
      await staging.stage(version('second'), 0);
      await staging.publish([{ name: 'ab.json', index: 0 }], () => undefined);
      await staging.discard();
      expect(JSON.parse(await readFile(join(out, 'ab.json'), 'utf8')).finalAnswer).toBe('second');
      expect(await readdir(out)).toEqual(['ab.json']);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
