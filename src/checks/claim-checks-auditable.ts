import type { MessagePart } from './messages.js';
import {
  describeValue,
  enumeratedValue,
  fail,
  isMissing,
  isRecord,
  messageList,
  pass,
  plural,
  quoteList,
  skip,
  verifierField,
} from './support.js';
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
  inputs: ['audit.claimChecks', 'audit.v2'],
  messages: {
    recorded: 'all {{claimChecks}} record claim_id, verification and detail',
    empty: 'claim_checks is an empty list: no claims to audit',
    notList: 'selfEvaluation.verifier_evaluation.claim_checks is {{found}}, expected a list',
    problems: '{{problems}}',
    notObject: 'claim_checks[{{index}}] is {{found}}, expected an object',
    lacks: 'claim_checks[{{index}}] (claim_id {{claimId}}) lacks {{missing}}',
    badVerification:
      'claim_checks[{{index}}] (claim_id {{claimId}}) has verification {{found}}, expected one of {{verifications}}',
    auditOff: 'claim-check audit is off for this case (audit.claimChecks)',
  },
  run(context) {
    const { audit } = context.evalCase;
    // audit.v2 implies claim checks (docs/contract.md §2); honoured here too for a case the library's caller builds.
    if (!audit.claimChecks && !audit.v2) return skip('auditOff');
    const claimChecks = verifierField(context, 'claim_checks');
    if (!Array.isArray(claimChecks)) {
      return fail('notList', { found: describeValue(claimChecks) });
    }
    const verifications = context.contract.claimVerifications;
    const allowed = new Set(verifications.map((verification) => verification.toLowerCase()));
    const problems: MessagePart[] = [];
    (claimChecks as unknown[]).forEach((entry, index) => {
      if (!isRecord(entry)) {
        problems.push({ messageId: 'notObject', data: { index, found: describeValue(entry) } });
        return;
      }
      const claimId = describeValue(entry['claim_id']);
      const missing = REQUIRED_FIELDS.filter((field) => isMissing(entry[field]));
      if (missing.length > 0)
        problems.push({ messageId: 'lacks', data: { index, claimId, missing: missing.join(', ') } });
      const verification = entry['verification'];
      // Read as isSupportedClaim reads it, so that the checks agree on what a claim's verification is.
      const value = enumeratedValue(verification);
      const known = value !== null && allowed.has(value);
      if (!isMissing(verification) && !known) {
        const data = { index, claimId, found: describeValue(verification), verifications: quoteList(verifications) };
        problems.push({ messageId: 'badVerification', data });
      }
    });
    if (problems.length > 0) {
      return fail('problems', { problems: messageList(problems) });
    }
    return claimChecks.length === 0
      ? pass('empty')
      : pass('recorded', { claimChecks: plural(claimChecks.length, 'claim check') });
  },
};
