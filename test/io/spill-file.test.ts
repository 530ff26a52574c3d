import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SpillFile } from '../../src/io/files/spill-file.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

/** The pieces appended, then the text read back (twice: a report and the CI summary both read it). */
function spillAndRead(pieces: readonly string[]): { path: string; texts: string[]; again: string } {
  const file = new SpillFile(join(tempDir(), 'rows.md.part'));
  for (const piece of pieces) file.append(piece);
  file.finish();
  return { path: file.path, texts: [...file.texts()], again: [...file.texts()].join('') };
}

describe('a spill file', () => {
  it.each([
    ['nothing', [], false],
    ['a few rows (English and Chinese)', ['| case-1 | passed |\n', '| 用例-2 | 失败：连接池耗尽 |\n'], false],
    [
      'more than one block, a character cut at a block end',
      Array.from({ length: 5_000 }, (_, i) => `行 ${i} ✓\n`),
      true,
    ],
  ] as const)('%s: reads back the text appended, from a file made once there is text', (_label, pieces, large) => {
    const { path, texts, again } = spillAndRead(pieces);
    expect(texts.join('')).toBe(pieces.join(''));
    expect(again).toBe(pieces.join(''));
    expect(existsSync(path)).toBe(pieces.length > 0);
    if (large) expect(texts.length).toBeGreaterThan(1);
  });
});
