import { describeValue, isMissing, isRecord, plural, quoteList, VERIFIER_PATH, verifierField } from './support.js';
import type { CheckDefinition } from './types.js';

const REQUIRED_FIELDS = ['claim_id', 'verification', 'detail'] as const;

export const claimChecksAuditableCheck: CheckDefinition = {
  id: 'claim-checks-auditable',
  order: 110,
  spec: ['S28'],
  description:
    'Every claim check records claim_id, verification and detail, and its verification is one of contract.claimVerifications.',
  failsWhen:
    '`claim_checks` is missing or not a list, or a claim check lacks `claim_id`, `verification` or `detail`, or its verification is not one of `contract.claimVerifications`',
  skippedWhen: '`audit.claimChecks` off',
  run(context) {
    const { audit } = context.evalCase;
    // audit.v2 implies claim checks (docs/contract.md §2); honoured here too in case a caller builds the case by hand.
    if (!audit.claimChecks && !audit.v2) {
      return { outcome: 'skip', message: 'claim-check audit is off for this case (audit.claimChecks)' };
    }
    const claimChecks = verifierField(context, 'claim_checks');
    if (!Array.isArray(claimChecks)) {
      return {
        outcome: 'fail',
        message: `${VERIFIER_PATH}.claim_checks is ${describeValue(claimChecks)}, expected a list`,
      };
    }
    const verifications = context.contract.claimVerifications;
    const allowed = new Set(verifications.map((verification) => verification.toLowerCase()));
    const problems: string[] = [];
    (claimChecks as unknown[]).forEach((entry, index) => {
      if (!isRecord(entry)) {
        problems.push(`claim_checks[${index}] is ${describeValue(entry)}, expected an object`);
        return;
      }
      const label = `claim_checks[${index}] (claim_id ${describeValue(entry['claim_id'])})`;
      const missing = REQUIRED_FIELDS.filter((field) => isMissing(entry[field]));
      if (missing.length > 0) {
        problems.push(`${label} lacks ${missing.join(', ')}`);
      }
      const verification = entry['verification'];
      if (!isMissing(verification) && !(typeof verification === 'string' && allowed.has(verification.toLowerCase()))) {
        problems.push(
          `${label} has verification ${describeValue(verification)}, expected one of ${quoteList(verifications)}`,
        );
      }
    });
    if (problems.length > 0) {
      return { outcome: 'fail', message: problems.join('; ') };
    }
    return {
      outcome: 'pass',
      message:
        claimChecks.length === 0
          ? 'claim_checks is an empty list: no claims to audit'
          : `all ${plural(claimChecks.length, 'claim check')} record claim_id, verification and detail`,
    };
  },
};
