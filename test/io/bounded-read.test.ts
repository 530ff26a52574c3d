import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBoundedFileSync } from '../../src/io/files/bounded-read.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

type Expected = { bytes: number } | { problem: RegExp; missing?: boolean };

const ROWS: [string, (dir: string) => string, number, Expected][] = [
  [
    'a regular file within the limit',
    (dir) => (writeFileSync(join(dir, 'a.json'), '{"a":1}'), join(dir, 'a.json')),
    100,
    { bytes: 7 },
  ],
  [
    'a file exactly at the limit',
    (dir) => (writeFileSync(join(dir, 'a.json'), 'x'.repeat(100)), join(dir, 'a.json')),
    100,
    { bytes: 100 },
  ],
  ['an empty file', (dir) => (writeFileSync(join(dir, 'a.json'), ''), join(dir, 'a.json')), 100, { bytes: 0 }],
  [
    'a link to a regular file is followed',
    (dir) => (
      writeFileSync(join(dir, 'a.json'), 'abc'), symlinkSync('a.json', join(dir, 'l.json')), join(dir, 'l.json')
    ),
    100,
    { bytes: 3 },
  ],
  [
    'a file one byte over the limit',
    (dir) => (writeFileSync(join(dir, 'a.json'), 'x'.repeat(101)), join(dir, 'a.json')),
    100,
    { problem: /^is 0\.0 MiB, over the 100 bytes limit$/u },
  ],
  [
    'a sparse 5 GiB file, refused by its size',
    (dir) => (
      writeFileSync(join(dir, 'a.json'), ''), truncateSync(join(dir, 'a.json'), 5 * 1024 ** 3), join(dir, 'a.json')
    ),
    1024,
    { problem: /^is 5120\.0 MiB, over the 1 KiB limit$/u },
  ],
  [
    'a missing file',
    (dir) => join(dir, 'absent.json'),
    100,
    { problem: /^cannot read the file \(no such file\)$/u, missing: true },
  ],
  [
    'a folder',
    (dir) => (mkdirSync(join(dir, 'd')), join(dir, 'd')),
    100,
    { problem: /^cannot read the file \(it is a folder\); expected a regular file$/u },
  ],
  [
    'a named pipe, refused without waiting for a writer',
    (dir) => (execFileSync('mkfifo', [join(dir, 'p')]), join(dir, 'p')),
    100,
    { problem: /named pipe \(FIFO\)/u },
  ],
  [
    '/dev/zero',
    () => '/dev/zero',
    100,
    { problem: /^cannot read the file \(it is a device\); expected a regular file$/u },
  ],
  [
    'a link to /dev/zero',
    (dir) => (symlinkSync('/dev/zero', join(dir, 'z.json')), join(dir, 'z.json')),
    100,
    { problem: /it is a device/u },
  ],
  ['a /proc file whose size reads as 0, within the limit', () => '/proc/self/stat', 1024 * 1024, { bytes: -1 }],
  [
    'a /proc file whose size reads as 0, over the limit: read no further than limit + 1',
    () => '/proc/self/status',
    16,
    { problem: /^is over the 16 bytes limit$/u },
  ],
];

describe('readBoundedFileSync: regular files only, at most the limit + 1 bytes (S44)', () => {
  it.each(ROWS)('S44: %s', (_name, prepare, limit, expected) => {
    const read = readBoundedFileSync(prepare(tempDir()), limit);
    if ('bytes' in expected) {
      expect(read.ok).toBe(true);
      if (read.ok && expected.bytes >= 0) expect(read.bytes.length).toBe(expected.bytes);
      if (read.ok && expected.bytes < 0) expect(read.bytes.length).toBeGreaterThan(0);
    } else {
      expect(read.ok).toBe(false);
      if (!read.ok) {
        expect(read.problem).toMatch(expected.problem);
        expect(read.missing).toBe(expected.missing ?? false);
      }
    }
  });
});
