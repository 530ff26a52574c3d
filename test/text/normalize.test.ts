import { describe, expect, it } from 'vitest';
import {
  containsNormalized,
  isPlainText,
  normalizeText,
  normalizeWithLineBreaks,
  withoutLineBreaks,
} from '../../src/text/normalize.js';

describe('text folding for matching (docs/contract.md §2)', () => {
  it.each<[string, string, string]>([
    ['S33 NFKC and lower case', 'ＣＰＵ Saturated', 'cpu saturated'],
    ['S33 runs of white space collapse to one space', 'connection \t\n pool', 'connection pool'],
    [
      'S33 zero-width space, joiner and non-joiner are dropped',
      'data\u200Bba\u200Cs\u200De is down',
      'database is down',
    ],
    ['S33 word joiner and byte-order mark are dropped', 'evidence\u2060_bindings\uFEFF', 'evidence_bindings'],
    ['S33 a soft hyphen is dropped', 'data\u00ADbase', 'database'],
    ['S33 a space between two CJK characters is removed', '数据库 宕机', '数据库宕机'],
    ['S33 spaces between every CJK character are removed', '数 据 库  宕 机', '数据库宕机'],
    ['S33 an ideographic space between CJK characters is removed', '数据库\u3000宕机', '数据库宕机'],
    ['S33 zero-width characters between CJK characters are removed', '数据\u200B库宕\u00AD机', '数据库宕机'],
    ['S33 a space between a CJK character and a Latin word is kept', '连接池 HikariCP 耗尽', '连接池 hikaricp 耗尽'],
    ['S33 spaces between Latin words are kept', 'full gc', 'full gc'],
  ])('%s', (_, text, expected) => {
    expect(normalizeText(text)).toBe(expected);
  });

  it.each<[string, string, string, boolean]>([
    ['S33 forbidden text hidden by a zero-width space still matches', '根因：数据库\u200B宕机', '数据库宕机', true],
    [
      'S33 forbidden text spread with spaces between CJK characters still matches',
      '根因：数 据 库 宕 机',
      '数据库宕机',
      true,
    ],
    ['S33 a marker split by a soft hyphen still matches', 'evidence\u00AD_bindings: ev-1', 'evidence_bindings', true],
    ['S33 a needle written with spaces between CJK characters matches', '数据库宕机', '数据库 宕机', true],
    ['S33 Latin words stay apart: "fullgc" is not "full gc"', 'fullgc', 'full gc', false],
  ])('%s', (_, haystack, needle, found) => {
    expect(containsNormalized(normalizeText(haystack), needle)).toBe(found);
  });

  it.each([
    'line one\nline two',
    '连接池\n耗尽',
    'a \r\n\t b\u2028c',
    '结论：\n\n  不是网络，\n而是 连接 池',
    'no break at all',
  ])('S33 keeping line breaks differs from normalizeText only in them: %j', (text) => {
    const withLines = normalizeWithLineBreaks(text);
    expect(withoutLineBreaks(withLines)).toBe(normalizeText(text));
  });

  // Every UTF-16 code that \s matches (white space and line terminators) but the byte-order mark,
  // which is dropped as invisible.
  const whiteSpaceCodes = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code)).filter(
    (character) => /\s/u.test(character) && character !== '\uFEFF',
  );

  it('S33 every white-space character folds like a space, alone, in a run, between Latin words and CJK characters', () => {
    expect(whiteSpaceCodes.length).toBeGreaterThan(20);
    for (const space of whiteSpaceCodes) {
      expect(normalizeText(`full${space}gc`), JSON.stringify(space)).toBe('full gc');
      expect(normalizeText(`full${space}${space} ${space}gc`), JSON.stringify(space)).toBe('full gc');
      expect(normalizeText(`数据库${space}宕机`), JSON.stringify(space)).toBe('数据库宕机');
      expect(normalizeText(`连接池${space}hikaricp`), JSON.stringify(space)).toBe('连接池 hikaricp');
    }
  });

  it('S33 a run of white space keeps a line end when it holds one, whatever the characters around it', () => {
    for (const space of whiteSpaceCodes) {
      const lineBreak = /[\n\r\u2028\u2029]/u.test(space);
      expect(normalizeWithLineBreaks(`full${space}gc`), JSON.stringify(space)).toBe(lineBreak ? 'full\ngc' : 'full gc');
      expect(normalizeWithLineBreaks(`数据库 ${space}\n宕机`), JSON.stringify(space)).toBe('数据库\n宕机');
      expect(normalizeWithLineBreaks(`数据库${space}宕机`), JSON.stringify(space)).toBe(
        lineBreak ? '数据库\n宕机' : '数据库宕机',
      );
    }
  });

  it('S33 a character that plain text may hold is left as it is by NFKC, and is not invisible', () => {
    let plain = 0;
    for (let code = 0; code < 0x10000; code += 1) {
      const character = String.fromCharCode(code);
      if (!isPlainText(character)) continue;
      plain += 1;
      expect(character.normalize('NFKC'), code.toString(16)).toBe(character);
    }
    expect(plain).toBeGreaterThan(20_000);
    expect(isPlainText('The connection pool was exhausted — 连接池耗尽。')).toBe(true);
    expect(isPlainText('连接池耗尽，')).toBe(false);
    for (const invisible of ['\u00AD', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'])
      expect(isPlainText(`data${invisible}base`)).toBe(false);
  });

  it('S33 a line break between CJK characters is kept as a clause end, and folded away by normalizeText', () => {
    expect(normalizeWithLineBreaks('排除了数据库宕机\n连接池耗尽')).toBe('排除了数据库宕机\n连接池耗尽');
    expect(normalizeText('排除了数据库宕机\n连接池耗尽')).toBe('排除了数据库宕机连接池耗尽');
  });
});
