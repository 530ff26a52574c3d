import { judgeMentions, type UnassertedMention } from '../text/assertion.js';
import { unassertedNotes } from './keyword-coverage.js';
import { fail, pass, plural, quoteList, skip } from './support.js';
import type { CheckDefinition } from './types.js';

/**
 * S30, S33: a claim the evidence does not support must not be stated as confirmed. Only an
 * asserted mention fails: "已排除：数据库宕机" and "the database is down was ruled out" name the
 * claim to deny it, which is what a careful answer does.
 */
export const forbiddenConfirmedClaimsCheck: CheckDefinition = {
  id: 'forbidden-confirmed-claims',
  order: 130,
  spec: ['S30', 'S33'],
  description:
    "The final answer asserts none of the case's forbiddenConfirmedClaims keywords (a negated, hedged or questioned mention does not count).",
  failsWhen:
    'the final answer asserts a forbidden confirmed-claim keyword (a negated, hedged or questioned mention does not count: "已排除：数据库宕机" passes)',
  skippedWhen: 'none configured',
  scanByDefault: true,
  inputs: ['forbiddenConfirmedClaims'],
  messages: {
    noneAsserted: 'the final answer asserts none of the {{claims}}{{notes}}',
    asserted: 'the final answer asserts {{claimWord}} {{found}}',
    notes: '; not asserted: {{mentions}}',
    unassertedClaim: 'claim {{mention}} {{how}}: {{clause}}',
    noClaims: 'the case has no forbidden confirmed-claim keywords',
  },
  run(context) {
    const claims = context.evalCase.forbiddenConfirmedClaims;
    if (claims.length === 0) return skip('noClaims');
    const answer = context.answerAssertions;
    const asserted: string[] = [];
    const unasserted: UnassertedMention[] = [];
    for (const claim of claims) {
      const judgement = judgeMentions(answer, claim);
      // A claim qualified by a modal ("the database may be down") is committed to, not stated as confirmed.
      if (judgement.confirmed) asserted.push(claim);
      else if (judgement.asserted) continue;
      else if (judgement.unasserted !== null) unasserted.push(judgement.unasserted);
    }
    if (asserted.length > 0) {
      const claimWord =
        asserted.length === 1 ? 'forbidden confirmed-claim keyword' : 'forbidden confirmed-claim keywords';
      return fail('asserted', { claimWord, found: quoteList(asserted) });
    }
    return pass('noneAsserted', {
      claims: plural(claims.length, 'forbidden confirmed-claim keyword'),
      notes: unassertedNotes(unasserted, 'unassertedClaim'),
    });
  },
};
