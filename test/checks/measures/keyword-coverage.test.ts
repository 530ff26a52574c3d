import { describe, expect, it } from 'vitest';

import type { KeywordConcept } from '../../../src/cases/types.js';
import { computeKeywordCoverage, conceptCovered } from '../../../src/checks/measures/keyword-coverage.js';
import type { KeywordCoverage } from '../../../src/report/types.js';
import { normalizeText } from '../../../src/text/normalize.js';
import { makeCase } from '../helpers.js';

interface Row {
  name: string;
  keywords: KeywordConcept[];
  min?: number;
  answer: string;
  expected: KeywordCoverage;
}

const rows: Row[] = [
  {
    name: 'S05 gives a null ratio when the case has no keywords',
    keywords: [],
    answer: 'anything',
    expected: { concepts: 0, covered: 0, ratio: null, min: 1, missing: [], requiredMissing: [], unasserted: [] },
  },
  {
    name: 'S05 covers a concept by any of its synonyms and lists missing concepts as written',
    keywords: [['connection pool', '连接池'], 'exhausted', ['slow query', '慢查询']],
    min: 0.5,
    answer: '支付库连接池被慢查询占满',
    expected: {
      concepts: 3,
      covered: 2,
      ratio: 0.6667,
      min: 0.5,
      missing: ['exhausted'],
      requiredMissing: [],
      unasserted: [],
    },
  },
  {
    name: 'S05 keeps an uncovered synonym list whole in missing',
    keywords: [['connection pool', '连接池'], 'exhausted'],
    answer: 'threads exhausted',
    expected: {
      concepts: 2,
      covered: 1,
      ratio: 0.5,
      min: 1,
      missing: [['connection pool', '连接池']],
      requiredMissing: [],
      unasserted: [],
    },
  },
  {
    name: 'S05 matches full-width ＣＰＵ against cpu in both directions (NFKC)',
    keywords: ['cpu', 'ＧＣ pause'],
    answer: 'ＣＰＵ saturated by long gc   PAUSE',
    expected: { concepts: 2, covered: 2, ratio: 1, min: 1, missing: [], requiredMissing: [], unasserted: [] },
  },
  {
    name: 'S05 collapses white space in keywords and answer',
    keywords: ['connection\tpool'],
    answer: 'Connection \n pool',
    expected: { concepts: 1, covered: 1, ratio: 1, min: 1, missing: [], requiredMissing: [], unasserted: [] },
  },
  {
    name: 'S05 never covers an empty keyword or an empty synonym list',
    keywords: ['', [], '   '],
    answer: 'some answer',
    expected: {
      concepts: 3,
      covered: 0,
      ratio: 0,
      min: 1,
      missing: ['', [], '   '],
      requiredMissing: [],
      unasserted: [],
    },
  },
];

describe('computeKeywordCoverage (S05)', () => {
  it.each(rows)('$name', ({ keywords, min, answer, expected }) => {
    const evalCase = makeCase({ rootCauseKeywords: keywords, minKeywordCoverage: min ?? 1 });
    expect(computeKeywordCoverage(evalCase, normalizeText(answer))).toEqual(expected);
  });

  it('S05 returns missing concepts that do not share the case arrays', () => {
    const evalCase = makeCase({ rootCauseKeywords: [['pool', '连接池']] });
    const coverage = computeKeywordCoverage(evalCase, '');
    (coverage.missing[0] as string[]).push('changed');
    expect(evalCase.rootCauseKeywords).toEqual([['pool', '连接池']]);
  });
});

describe('conceptCovered (S05)', () => {
  it.each<[string, KeywordConcept, string, boolean]>([
    ['S05 an English keyword in any case', 'Timeout', 'read TIMEOUT on mysql', true],
    ['S05 a Chinese keyword', '连接池', '数据库连接池耗尽', true],
    ['S05 a Chinese keyword whose characters are apart', '连接池', '连接超时，线程池满', false],
    ['S05 the second synonym', ['oom', '内存溢出'], 'JVM 内存溢出', true],
    ['S05 no synonym present', ['oom', '内存溢出'], 'disk full', false],
  ])('%s', (_, concept, answer, covered) => {
    expect(conceptCovered(concept, normalizeText(answer))).toBe(covered);
  });
});
