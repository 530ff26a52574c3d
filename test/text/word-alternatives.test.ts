import { describe, expect, it } from 'vitest';
import { wordAlternatives } from '../../src/text/escape-regexp.js';

/** Every match of the words' pattern in `text`, left to right, as `index:text`. */
function matchesOf(words: readonly string[], text: string, wholeWords = true): string[] {
  return [...text.matchAll(new RegExp(wordAlternatives(words, wholeWords), 'gu'))].map(
    (match) => `${match.index}:${match[0]}`,
  );
}

describe('wordAlternatives: the longest word at each place, a Latin word whole', () => {
  it.each<[string, readonly string[], string, string[]]>([
    ['longest of a word and its beginning', ['may', 'maybe'], 'maybe it may', ['0:maybe', '9:may']],
    ['a longer word not whole falls back to its whole beginning', ['may', 'maybe'], 'maybes may', ['7:may']],
    ['a Latin word not inside another', ['or'], 'for or order', ['4:or']],
    ['a Latin word not after a letter or digit', ['cause'], 'because 2cause cause', ['15:cause']],
    [
      'shared beginnings, each word found',
      ['not', 'not confirmed', 'not responsible'],
      'not confirmed, not responsible, not sure',
      ['0:not confirmed', '15:not responsible', '32:not'],
    ],
    ['words that all start alike', ['no', 'none', 'not'], 'none not no', ['0:none', '5:not', '9:no']],
    ['syntax characters are literal', ['n.a.', 'a+b', '(x)'], 'n.a. nxa. a+b (x) aab', ['0:n.a.', '10:a+b', '14:(x)']],
    ['a repeated word is one word', ['down', 'down'], 'down', ['0:down']],
    [
      '可能 和 很可能: the longest',
      ['可能', '很可能', '可能是'],
      '很可能是连接池耗尽，也可能是网络',
      ['0:很可能', '11:可能是'],
    ],
    ['CJK words need no boundary', ['导致'], '配置错误导致超时', ['4:导致']],
    ['Latin and CJK words together', ['or', '或者'], 'a or b，或者c', ['2:or', '7:或者']],
    ['no words match nothing', [], 'anything', []],
    ['an empty word is none', ['', 'x'], 'x', ['0:x']],
  ])('%s', (_name, words, text, expected) => {
    expect(matchesOf(words, text)).toEqual(expected);
  });

  it.each<[string, readonly string[], string, string[]]>([
    ['inside words too', ['or'], 'for or', ['1:or', '4:or']],
    ['the longest still wins', ['root cause', 'root'], 'root cause, root', ['0:root cause', '12:root']],
    ['根因 within a longer text', ['根因', '根因是'], '根因是磁盘', ['0:根因是']],
  ])('without wholeWords: %s', (_name, words, text, expected) => {
    expect(matchesOf(words, text, false)).toEqual(expected);
  });

  it('prefers the same word as the words listed longest first, inside a larger pattern that backtracks', () => {
    const words = ['is', 'is likely', 'is likely to be'];
    const listed = [...words].sort((a, b) => b.length - a.length).join('|');
    const cases: [string, string | null][] = [
      ['it is likely to be x', 'is likely to be'],
      ['it is likely x', 'is likely'],
      ['it is likely to b x', 'is likely'],
      ['it was x', null],
    ];
    for (const [text, word] of cases) {
      // Both a word and what follows it may be long: only the order of preference decides the word.
      const tree = text.match(new RegExp(`(${wordAlternatives(words, false)})(.*) x`, 'u'))?.[1] ?? null;
      const list = text.match(new RegExp(`(${listed})(.*) x`, 'u'))?.[1] ?? null;
      expect([text, tree, list]).toEqual([text, word, word]);
    }
  });
});
