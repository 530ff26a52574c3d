import { judgeMentions, type UnassertedMention } from '../text/assertion.js';
import { describeUnasserted } from './keyword-coverage.js';
import { plural, quoteList } from './support.js';
import type { CheckDefinition } from './types.js';

const ENTRY = 'forbidden confirmed-claim keyword';

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
  run(context) {
    const claims = context.evalCase.forbiddenConfirmedClaims;
    if (claims.length === 0) {
      return { outcome: 'skip', message: `the case has no ${ENTRY}s` };
    }
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
      return {
        outcome: 'fail',
        message: `the final answer asserts ${asserted.length === 1 ? ENTRY : `${ENTRY}s`} ${quoteList(asserted)}`,
      };
    }
    const note =
      unasserted.length === 0
        ? ''
        : `; not asserted: ${unasserted.map((mention) => describeUnasserted(mention).replace(/^concept /u, 'claim ')).join('; ')}`;
    return { outcome: 'pass', message: `the final answer asserts none of the ${plural(claims.length, ENTRY)}${note}` };
  },
};
