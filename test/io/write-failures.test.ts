import { readdirSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { writeFileAtomic } from '../../src/io/files/atomic-write.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { copyBundledEval } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';

/**
 * docs/contract.md §1, "Write failures": a write the device refuses (a quota, an I/O error, a
 * closed pipe) is exit 2 naming the file and the cause, with no temporary file left. The errors
 * are injected where node raises them: the write of a string (writeFile) and the writes through a
 * file descriptor (FileHandle.write), as node reports them, without a path.
 */
const injected = vi.hoisted(() => ({ code: null as string | null, target: /$^/u }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:fs/promises')>();
  const failure = (): NodeJS.ErrnoException =>
    Object.assign(new Error(`${injected.code}: injected, write`), { code: injected.code ?? '', syscall: 'write' });
  const hit = (path: unknown): boolean => injected.code !== null && injected.target.test(String(path));
  const writeFile: typeof original.writeFile = async (path, ...rest) => {
    if (hit(path)) {
      await original.writeFile(path, 'partial');
      throw failure();
    }
    return original.writeFile(path, ...rest);
  };
  const open = (async (path: Parameters<typeof original.open>[0], ...rest: [never?, never?]) => {
    const handle = await original.open(path, ...rest);
    if (!hit(path)) return handle;
    return new Proxy(handle, {
      get(target, key) {
        if (key === 'write')
          return async () => {
            await target.write('partial');
            throw failure();
          };
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    }) as FileHandle;
  }) as typeof original.open;
  return { ...original, writeFile, open, default: { ...original, writeFile, open } };
});

const tempDir = useTempDirs();

afterEach(() => {
  injected.code = null;
});

const CAUSES: [code: string, cause: string][] = [
  ['EDQUOT', 'the disk quota is exceeded'],
  ['EIO', 'an input/output error of the device'],
  ['EPIPE', 'the reading end of the pipe is closed'],
];

describe('a write the device refuses is exit 2 naming the file and the cause, leaving no temporary file', () => {
  it.each(CAUSES)(
    'writeFileAtomic under %s (a string and chunks) throws naming the file and removes its temporary file',
    async (code) => {
      const dir = tempDir();
      injected.code = code;
      injected.target = /\.tmp-/u;
      for (const content of ['{"a":1}\n', ['{"a":', '1}\n']]) {
        const error = await writeFileAtomic(join(dir, 'report.json'), content).catch((failure: unknown) => failure);
        expect(error).toMatchObject({ code, syscall: 'write' });
        expect((error as NodeJS.ErrnoException).path).toMatch(/report\.json\.tmp-\d+-\d+$/u);
        expect(readdirSync(dir)).toEqual([]);
      }
    },
  );

  it.each(CAUSES)(
    'run whose report.json or report.md fails with %s is exit 2: "error: <file>: cannot write (<cause>)", no temporary file',
    async (code, cause) => {
      for (const file of ['report.json', 'report.md']) {
        const cwd = tempDir();
        copyBundledEval(cwd);
        injected.code = code;
        injected.target = new RegExp(`${file.replace('.', '\\.')}\\.tmp-`, 'u');
        const fake = createFakeIo({ cwd });
        const exit = await main(['run', '--out', 'out', '--quiet'], fake.io);
        injected.code = null;
        expect(exit, fake.stderr()).toBe(2);
        expect(fake.stderr()).toBe(
          `error: out/${file}: cannot write (${cause}); expected a path where a file can be written\n`,
        );
        expect(readdirSync(join(cwd, 'out')).filter((name) => name.includes('.tmp-'))).toEqual([]);
      }
    },
  );
});
