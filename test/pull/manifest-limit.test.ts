import { describe, expect, it, vi } from 'vitest';
import type { BoundedRead } from '../../src/io/files/bounded-read.js';

// What the bounded reader says of a manifest over its limit: its size when fstat gave one, and none
// for a file that grew past the limit while it was read or whose size reads as 0 (/proc).
const answer = vi.hoisted(() => ({ read: null as BoundedRead | null }));
vi.mock('../../src/io/files/bounded-read.js', async (original) => ({
  ...(await original<typeof import('../../src/io/files/bounded-read.js')>()),
  readBoundedFileSync: () => answer.read,
}));
const { readManifest } = await import('../../src/pull/manifest.js');

const LIMIT = 256 * 1024 * 1024;
const tooLarge = (size: number | null): BoundedRead => ({
  ok: false,
  missing: false,
  problem: 'is over the limit',
  tooLarge: { size, limit: LIMIT },
});

describe('pull: a manifest over the size limit', () => {
  it.each([
    [LIMIT + 1, `manifest.json: ${LIMIT + 1} bytes, over the ${LIMIT}-byte limit for a pull manifest`],
    [null, `manifest.json: more than the ${LIMIT}-byte limit for a pull manifest`],
  ])('of size %s is refused, naming the file and the limit', async (size, message) => {
    answer.read = tooLarge(size);
    await expect(readManifest('/folder/manifest.json', 'manifest.json')).rejects.toThrow(message);
  });
});
