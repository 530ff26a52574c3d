import { describe } from 'vitest';

import { forbiddenAnswerKeywordsCheck } from '../../src/checks/forbidden-answer-keywords.js';
import { testCheck } from './helpers.js';

const forbidden = { forbiddenAnswerKeywords: ['restart the database', '重启数据库', 'drop table'] };

describe('forbidden-answer-keywords (S02)', () => {
  testCheck(forbiddenAnswerKeywordsCheck, {
    valid: [
      {
        name: 'S02 accepts an answer without forbidden keywords',
        case: forbidden,
        trace: { finalAnswer: '建议扩大连接池并排查慢查询。Increase the pool size.' },
        message: 'none of the 3 forbidden answer keywords',
      },
      { name: 'S02 accepts a missing final answer', case: forbidden, trace: { finalAnswer: null } },
    ],
    invalid: [
      {
        name: 'S02 fails on a forbidden English keyword in any case and spacing',
        case: forbidden,
        trace: { finalAnswer: 'Quick fix: RESTART the\n  Database now.' },
        message: 'contains forbidden answer keyword "restart the database"',
        messageId: 'found',
        data: { keywordWord: 'forbidden answer keyword', found: '"restart the database"' },
      },
      {
        name: 'S02 fails on a forbidden Chinese keyword',
        case: forbidden,
        trace: { finalAnswer: '建议立即重启数据库。' },
        message: '"重启数据库"',
        messageId: 'found',
        data: { keywordWord: 'forbidden answer keyword', found: '"重启数据库"' },
      },
      {
        name: 'S02 fails on a full-width forbidden keyword (NFKC)',
        case: forbidden,
        trace: { finalAnswer: 'ＤＲＯＰ ＴＡＢＬＥ orders;' },
        message: '"drop table"',
        messageId: 'found',
        data: { keywordWord: 'forbidden answer keyword', found: '"drop table"' },
      },
      {
        name: 'S02 names every forbidden keyword found',
        case: forbidden,
        trace: { finalAnswer: '重启数据库, then drop table' },
        message: 'keywords "重启数据库", "drop table"',
        messageId: 'found',
        data: { keywordWord: 'forbidden answer keywords', found: '"重启数据库", "drop table"' },
      },
    ],
    skipped: [
      {
        name: 'S02 skips a case without forbidden answer keywords',
        trace: { finalAnswer: 'restart the database' },
        message: 'no forbidden answer keywords',
      },
    ],
  });
});
