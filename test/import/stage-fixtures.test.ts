import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCommand } from '../../src/cli/actions/import.js';
import { fixture, makeCase, recordingIo, temporaryFolder } from './helpers.js';

describe('import puts staged fixtures in place only when the import succeeds', () => {
  it('one trace matched by two cases is written under both names, byte-identical, and no staging folder stays', async () => {
    const folder = await temporaryFolder();
    try {
      const cases = [
        makeCase({ id: 'first', sessionId: 'diag-0001' }),
        makeCase({ id: 'second', sessionId: 'diag-0001' }),
      ];
      const io = recordingIo(folder.path);
      const code = await importCommand(
        { files: [fixture('otlp-split.jsonl')], from: 'auto', outDir: 'out', cases, quiet: false },
        io,
      );
      expect(code).toBe(0);
      const names = (await readdir(join(folder.path, 'out'))).sort();
      expect(names).toEqual(['4bf92f3577b34da6a3ce929d0e0e4736.json', 'first.json', 'second.json']);
      const [first, second] = await Promise.all(
        ['first.json', 'second.json'].map((name) => readFile(join(folder.path, 'out', name), 'utf8')),
      );
      expect(second).toBe(first);
      expect(io.out.filter((line) => line.startsWith('wrote '))).toHaveLength(3);
    } finally {
      await folder.cleanup();
    }
  });

  it('with --strict and a problem, the out folder it would have made does not exist afterwards', async () => {
    const folder = await temporaryFolder();
    try {
      const cases = [makeCase({ id: 'not-imported', question: 'Nothing like it' })];
      const error = await importCommand(
        { files: [fixture('otlp-split.jsonl')], from: 'auto', outDir: 'deep/out', cases, quiet: true, strict: true },
        recordingIo(folder.path),
      ).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      expect(await readdir(folder.path)).toEqual([]);
    } finally {
      await folder.cleanup();
    }
  });
});
