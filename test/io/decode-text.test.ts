import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from '../../src/io/files/decode-text.js';

describe('decodeUtf8', () => {
  it('decodes UTF-8, Chinese and astral characters included', () => {
    expect(decodeUtf8(Buffer.from('连接池 🚀 ok', 'utf8'))).toEqual({ ok: true, text: '连接池 🚀 ok' });
  });

  it('drops a leading byte-order mark', () => {
    expect(decodeUtf8(Buffer.from([0xef, 0xbb, 0xbf, 0x61]))).toEqual({ ok: true, text: 'a' });
  });

  it.each([
    { name: 'a Latin-1 é between ASCII', bytes: [0x63, 0x61, 0x66, 0xe9, 0x22], offset: 3, byte: '0xe9' },
    { name: 'a lone continuation byte', bytes: [0x61, 0x80], offset: 1, byte: '0x80' },
    { name: 'a byte that never occurs in UTF-8', bytes: [0xff], offset: 0, byte: '0xff' },
    { name: 'an overlong form', bytes: [0x61, 0xc0, 0xaf], offset: 1, byte: '0xc0' },
    { name: 'an encoded surrogate', bytes: [0xed, 0xa0, 0x80], offset: 0, byte: '0xed' },
    { name: 'a sequence cut off at the end', bytes: [0x61, 0x62, 0xe4, 0xb8], offset: 2, byte: '0xe4' },
    { name: 'a code point above U+10FFFF', bytes: [0xf4, 0x90, 0x80, 0x80], offset: 0, byte: '0xf4' },
  ])('rejects $name, naming the first bad byte and its offset', ({ bytes, offset, byte }) => {
    const decoded = decodeUtf8(Uint8Array.from(bytes));
    expect(decoded).toEqual({
      ok: false,
      problem: `not UTF-8 text (byte ${byte} at offset ${offset}, line 1, is not valid UTF-8); expected a UTF-8 encoded file`,
    });
  });

  it('names the line of the bad byte', () => {
    const decoded = decodeUtf8(Buffer.concat([Buffer.from('a\nb\n'), Buffer.from([0xe9])]));
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.problem).toContain('at offset 4, line 3,');
  });
});
