import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackgroundFileReader } from '../../src/sources/background-file-reader.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const readers: BackgroundFileReader[] = [];

afterEach(async () => {
  await Promise.all(readers.splice(0).map((reader) => reader.stop()));
});

async function readyReader(): Promise<BackgroundFileReader> {
  const reader = new BackgroundFileReader();
  readers.push(reader);
  reader.start();
  await vi.waitFor(() => expect(reader.ready).toBe(true), { timeout: 20_000, interval: 5 });
  return reader;
}

const MIB = 1024 * 1024;

/** Each row: a file made in the folder, and whether the thread reads it (its text) or leaves it to the caller (null). */
const ROWS: [string, (dir: string) => string, 'text' | null][] = [
  ['an English trace', (dir) => file(dir, 'en.json', '{"finalAnswer":"the connection pool is exhausted"}'), 'text'],
  ['a Chinese trace', (dir) => file(dir, 'zh.json', '{"finalAnswer":"连接池耗尽，活跃连接 50/50"}'), 'text'],
  ['a file of exactly 1 MiB', (dir) => file(dir, 'max.json', `"${'x'.repeat(MIB - 2)}"`), 'text'],
  ['a file over 1 MiB', (dir) => file(dir, 'big.json', `"${'x'.repeat(MIB)}"`), null],
  ['an empty file', (dir) => file(dir, 'empty.json', ''), null],
  ['a missing file', (dir) => join(dir, 'absent.json'), null],
  ['a folder', (dir) => (mkdirSync(join(dir, 'folder.json')), join(dir, 'folder.json')), null],
  [
    'a symbolic link',
    (dir) => (
      file(dir, 'target.json', '{}'), symlinkSync('target.json', join(dir, 'link.json')), join(dir, 'link.json')
    ),
    null,
  ],
  [
    'bytes that are not UTF-8',
    (dir) => file(dir, 'latin1.json', Buffer.from([0x22, 0x63, 0x61, 0x66, 0xe9, 0x22])),
    null,
  ],
  [
    'a named pipe (FIFO), not waited for',
    (dir) => (execFileSync('mkfifo', [join(dir, 'pipe.json')]), join(dir, 'pipe.json')),
    null,
  ],
];

function file(dir: string, name: string, content: string | Buffer): string {
  writeFileSync(join(dir, name), content);
  return join(dir, name);
}

describe('BackgroundFileReader', () => {
  it.each(ROWS)('%s: %s', async (_label, make, expected) => {
    const reader = await readyReader();
    const path = make(tempDir());
    const texts = await reader.read([path], MIB);
    expect(texts).toEqual([expected === 'text' ? readFileSync(path, 'utf8') : null]);
  });

  it('drops a leading byte-order mark, as the main thread does', async () => {
    const reader = await readyReader();
    const path = file(
      tempDir(),
      'bom.json',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":"é"}')]),
    );
    expect(await reader.read([path], MIB)).toEqual(['{"a":"é"}']);
  });

  it('answers null for a path that is null, and reads the paths in order', async () => {
    const reader = await readyReader();
    const dir = tempDir();
    const paths = [file(dir, 'a.json', '"a"'), null, file(dir, 'b.json', '"b"')];
    expect(await reader.read(paths, MIB)).toEqual(['"a"', null, '"b"']);
  });

  it('stops at the byte budget, counting a file too large for it at its size, and always reads one file', async () => {
    const reader = await readyReader();
    const dir = tempDir();
    const small = ['a', 'b', 'c'].map((name) => file(dir, `${name}.json`, `"${'x'.repeat(98)}"`));
    expect(await reader.read(small, 250)).toHaveLength(3);
    expect(await reader.read(small, 200)).toHaveLength(2);
    expect(await reader.read(small, 1)).toHaveLength(1);
    const big = file(dir, 'big.json', `"${'x'.repeat(2 * MIB)}"`);
    expect(await reader.read([big, ...small], MIB)).toEqual([null]);
  });

  it('answers null while it is not ready, and once it is stopped, also for a read already asked for', async () => {
    const notStarted = new BackgroundFileReader();
    expect(notStarted.ready).toBe(false);
    expect(await notStarted.read(['/dev/null'], MIB)).toBeNull();
    const reader = await readyReader();
    const path = file(tempDir(), 'a.json', '{}');
    const asked = reader.read([path], MIB);
    await reader.stop();
    expect(await asked).toBeNull();
    expect(reader.ready).toBe(false);
    expect(await reader.read([path], MIB)).toBeNull();
    reader.start();
    expect(reader.ready).toBe(false);
  });
});
