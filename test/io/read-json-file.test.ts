import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseJson, parseLosslessJson } from '../../src/io/json/parse-json.js';
import { readJsonFile } from '../../src/io/json/read-json-file.js';

const folder = mkdtempSync(join(tmpdir(), 'diag-eval-read-json-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function file(name: string, bytes: string | Buffer): string {
  const path = join(folder, name);
  writeFileSync(path, bytes);
  return path;
}

describe('readJsonFile: read, decode and parse in one place, each stage named', () => {
  it.each([
    ['plain JSON', '{"sessionId": "s1"}', { sessionId: 's1' }],
    ['a byte-order mark before it', '\uFEFF{"a": 1}', { a: 1 }],
    ['Chinese text', '{"question": "为什么连接池耗尽"}', { question: '为什么连接池耗尽' }],
  ])('%s', (name, text, value) => {
    const read = readJsonFile(file(`${name}.json`, text), 1024);
    expect(read.ok ? read.value : read).toEqual(value);
  });

  it('a missing file is a read failure that says so', () => {
    const read = readJsonFile(join(folder, 'missing.json'), 1024);
    expect(read).toMatchObject({
      ok: false,
      stage: 'read',
      read: { missing: true, problem: 'cannot read the file (no such file)' },
    });
  });

  it('a file over the limit is refused before it is parsed', () => {
    const read = readJsonFile(file('large.json', `[${'1,'.repeat(100)}1]`), 64);
    expect(read).toMatchObject({ ok: false, stage: 'read', read: { tooLarge: { limit: 64 } } });
  });

  it('bytes that are not UTF-8 are refused, or replaced when asked', () => {
    const path = file('latin1.json', Buffer.from([0x22, 0x63, 0x61, 0x66, 0xe9, 0x22]));
    expect(readJsonFile(path, 1024)).toMatchObject({
      ok: false,
      stage: 'decode',
      problem: expect.stringMatching(/^not UTF-8 text \(byte 0xe9 at offset 4/u),
    });
    expect(readJsonFile(path, 1024, { replaceInvalidUtf8: true })).toMatchObject({ ok: true, value: 'caf\uFFFD' });
  });

  it('a syntax error is named by line and column, with the text kept for other readings', () => {
    const read = readJsonFile(file('broken.json', '{\n  "a": tru\n}'), 1024);
    expect(read).toMatchObject({ ok: false, stage: 'parse', text: '{\n  "a": tru\n}', parsed: { line: 2 } });
    expect(read.ok || read.stage !== 'parse' ? '' : read.parsed.problem).toMatch(
      /^not valid JSON: .* at line 2, column \d+$/u,
    );
  });

  it('keeps every digit of a 64-bit integer only when asked', () => {
    const path = file('bigint.json', '{"start": 1777555053780274701}');
    expect(readJsonFile(path, 1024, { lossless: true })).toMatchObject({
      ok: true,
      value: { start: 1777555053780274701n },
    });
    expect(readJsonFile(path, 1024)).toMatchObject({ ok: true, value: { start: 1777555053780274700 } });
  });
});

describe('parseJson and parseLosslessJson word a syntax error the same way', () => {
  it.each(['{"a": 1,}', '[1 2]', '{\n"a":\n}', '"unterminated'])('%s', (text) => {
    const strict = parseJson(text);
    const lossless = parseLosslessJson(text);
    expect(strict.ok).toBe(false);
    expect(lossless).toEqual(strict);
  });
});
