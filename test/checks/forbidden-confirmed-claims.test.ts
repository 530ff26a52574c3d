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
      },
      {
        name: 'S30 fails on a forbidden English confirmed claim in any case and spacing',
        case: forbidden,
        trace: { finalAnswer: 'Root cause: CONFIRMED   memory\nleak in payment-service.' },
        message: '"confirmed memory leak"',
      },
      {
        name: 'S30 fails on a full-width forbidden confirmed claim (NFKC)',
        case: forbidden,
        trace: { finalAnswer: 'ｃｏｎｆｉｒｍｅｄ ｍｅｍｏｒｙ ｌｅａｋ' },
        message: '"confirmed memory leak"',
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
