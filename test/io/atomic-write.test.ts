import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareFileAtomic, writeFileAtomic } from '../../src/io/files/atomic-write.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

describe('writeFileAtomic', () => {
  it('writes the file, making its folder, and leaves no temporary file', async () => {
    const dir = tempDir();
    await writeFileAtomic(join(dir, 'out', 'report.json'), '{"a":1}\n');
    expect(readFileSync(join(dir, 'out', 'report.json'), 'utf8')).toBe('{"a":1}\n');
    expect(readdirSync(join(dir, 'out'))).toEqual(['report.json']);
  });

  it('replaces an existing file whole', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'report.md'), 'old content that is longer than the new one\n');
    await writeFileAtomic(join(dir, 'report.md'), 'new\n');
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toBe('new\n');
    expect(readdirSync(dir)).toEqual(['report.md']);
  });

  it('when the rename fails, the error is thrown, the target is untouched and the temporary file removed', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'report.json'));
    writeFileSync(join(dir, 'report.json', 'keep.txt'), 'kept');
    await expect(writeFileAtomic(join(dir, 'report.json'), 'x')).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['report.json']);
    expect(readFileSync(join(dir, 'report.json', 'keep.txt'), 'utf8')).toBe('kept');
  });

  it('writes a sequence of chunks as their concatenation: empty, multi-byte and astral text, and chunks larger than a write', async () => {
    const dir = tempDir();
    const chunks = [
      '{"a":',
      '',
      '"连接池 ✅ 😀"',
      'x'.repeat(3 * 1024 * 1024),
      '中'.repeat(700 * 1024),
      '\u2028',
      '}\n',
    ];
    await writeFileAtomic(join(dir, 'report.json'), chunks);
    expect(readFileSync(join(dir, 'report.json'), 'utf8')).toBe(chunks.join(''));
    await writeFileAtomic(join(dir, 'empty.json'), []);
    expect(readFileSync(join(dir, 'empty.json'), 'utf8')).toBe('');
    expect(readdirSync(dir).sort()).toEqual(['empty.json', 'report.json']);
  });

  it('when producing the chunks fails half-way, the error is thrown, the target keeps its old content and no temporary file is left', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'report.json'), 'old\n');
    function* failing(): Generator<string> {
      yield 'x'.repeat(2 * 1024 * 1024);
      throw new Error('renderer broke');
    }
    await expect(writeFileAtomic(join(dir, 'report.json'), failing())).rejects.toThrow('renderer broke');
    expect(readFileSync(join(dir, 'report.json'), 'utf8')).toBe('old\n');
    expect(readdirSync(dir)).toEqual(['report.json']);
  });

  it('a prepared file replaces the target only when committed; discarded, it leaves no trace', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'report.md'), 'old\n');
    const kept = await prepareFileAtomic(join(dir, 'report.md'), ['new', '\n']);
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toBe('old\n');
    await kept.commit();
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toBe('new\n');
    const dropped = await prepareFileAtomic(join(dir, 'report.md'), 'never\n');
    await dropped.discard();
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toBe('new\n');
    expect(readdirSync(dir)).toEqual(['report.md']);
  });
});
