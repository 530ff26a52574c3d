import { describe } from 'vitest';

import { forbiddenConfirmedClaimsCheck } from '../../src/checks/forbidden-confirmed-claims.js';
import { testCheck } from './helpers.js';

const forbidden = { forbiddenConfirmedClaims: ['已确认是连接池泄漏', 'confirmed memory leak'] };

describe('forbidden-confirmed-claims (S30)', () => {
  testCheck(forbiddenConfirmedClaimsCheck, {
    valid: [
      {
        name: 'S30 accepts a hedged answer',
        case: forbidden,
        trace: { finalAnswer: '可能是连接池泄漏，证据不足，无法确认。A memory leak is possible.' },
        message: 'none of the 2 forbidden confirmed-claim keywords',
      },
    ],
    invalid: [
      {
        name: 'S30 fails on a forbidden Chinese confirmed claim',
        case: forbidden,
        trace: { finalAnswer: '根因：已确认是连接池泄漏。' },
        message: 'asserts forbidden confirmed-claim keyword "已确认是连接池泄漏"',
        messageId: 'asserted',
        data: { claimWord: 'forbidden confirmed-claim keyword', found: '"已确认是连接池泄漏"' },
      },
      {
        name: 'S30 fails on a forbidden English confirmed claim in any case and spacing',
        case: forbidden,
        trace: { finalAnswer: 'Root cause: CONFIRMED   memory\nleak in payment-service.' },
        message: '"confirmed memory leak"',
        messageId: 'asserted',
        data: { claimWord: 'forbidden confirmed-claim keyword', found: '"confirmed memory leak"' },
      },
      {
        name: 'S30 fails on a full-width forbidden confirmed claim (NFKC)',
        case: forbidden,
        trace: { finalAnswer: 'ｃｏｎｆｉｒｍｅｄ ｍｅｍｏｒｙ ｌｅａｋ' },
        message: '"confirmed memory leak"',
        messageId: 'asserted',
        data: { claimWord: 'forbidden confirmed-claim keyword', found: '"confirmed memory leak"' },
      },
    ],
    skipped: [
      {
        name: 'S30 skips a case without forbidden confirmed-claim keywords',
        trace: { finalAnswer: 'confirmed memory leak' },
        message: 'no forbidden confirmed-claim keywords',
      },
    ],
  });
});

const downClaims = { forbiddenConfirmedClaims: ['数据库宕机', 'the database is down'] };

describe('forbidden-confirmed-claims: only asserted claims fail (S33)', () => {
  testCheck(forbiddenConfirmedClaimsCheck, {
    valid: [
      {
        name: 'S33 ZH a claim explicitly ruled out passes',
        case: downClaims,
        trace: { finalAnswer: '已排除：数据库宕机。根因是连接池耗尽。' },
        message: 'claim "数据库宕机" is only mentioned negated: "已排除:数据库宕机"',
      },
      {
        name: 'S33 EN a claim ruled out after it passes',
        case: downClaims,
        trace: { finalAnswer: 'The database is down was ruled out; the pool was exhausted.' },
      },
      {
        name: 'S33 ZH a negated claim passes',
        case: downClaims,
        trace: { finalAnswer: '数据库没有宕机，不是数据库宕机。' },
      },
      {
        name: 'S33 EN a questioned claim passes',
        case: downClaims,
        trace: { finalAnswer: 'Was the database is down alert real? No: the pool was exhausted.' },
      },
      {
        name: 'S33 ZH a hedged claim passes',
        case: downClaims,
        trace: { finalAnswer: '最初怀疑数据库宕机，最终确认是连接池耗尽。' },
      },
    ],
    invalid: [
      {
        name: 'S33 ZH an asserted claim fails',
        case: downClaims,
        trace: { finalAnswer: '根因：数据库宕机。' },
        message: 'asserts forbidden confirmed-claim keyword "数据库宕机"',
        messageId: 'asserted',
        data: { claimWord: 'forbidden confirmed-claim keyword', found: '"数据库宕机"' },
      },
      {
        name: 'S33 EN an asserted claim fails',
        case: downClaims,
        trace: { finalAnswer: 'Root cause: the database is down.' },
        message: '"the database is down"',
        messageId: 'asserted',
        data: { claimWord: 'forbidden confirmed-claim keyword', found: '"the database is down"' },
      },
      {
        name: 'S33 a claim asserted once and negated once fails',
        case: downClaims,
        trace: { finalAnswer: '不是网络问题。数据库宕机导致超时。' },
        message: '"数据库宕机"',
        messageId: 'asserted',
        data: { claimWord: 'forbidden confirmed-claim keyword', found: '"数据库宕机"' },
      },
      {
        name: 'S33 a claim hidden by a zero-width space fails',
        case: downClaims,
        trace: { finalAnswer: '根因：数据\u200B库宕机。' },
        message: '"数据库宕机"',
        messageId: 'asserted',
        data: { claimWord: 'forbidden confirmed-claim keyword', found: '"数据库宕机"' },
      },
      {
        name: 'S33 a claim spread by spaces between CJK characters fails',
        case: downClaims,
        trace: { finalAnswer: '根因：数 据 库 宕 机。' },
        message: '"数据库宕机"',
        messageId: 'asserted',
        data: { claimWord: 'forbidden confirmed-claim keyword', found: '"数据库宕机"' },
      },
      {
        name: 'S33 a claim after a contrast word is asserted',
        case: downClaims,
        trace: { finalAnswer: '不是网络问题，而是数据库宕机。' },
        message: '"数据库宕机"',
        messageId: 'asserted',
        data: { claimWord: 'forbidden confirmed-claim keyword', found: '"数据库宕机"' },
      },
    ],
  });
});
