import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/io/atomic-write.js';
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
});
