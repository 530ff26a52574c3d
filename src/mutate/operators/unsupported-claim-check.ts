import { isRecord } from '../../io/validation/is-record.js';
import { changed, verifierOf } from '../plain-trace.js';
import type { MutationOperator } from '../types.js';

/** A claim check is flipped to supported, with nothing to show for it. */
export const unsupportedClaimCheck: MutationOperator = {
  id: 'unsupported-claim-check',
  description: 'the first claim check set to the supported verification with an empty detail',
  mutate({ evalCase, trace, contract }) {
    const checks = verifierOf(trace)?.['claim_checks'];
    if (!Array.isArray(checks) || !isRecord(checks[0])) return [];
    const supported = contract.claimVerifications[0] ?? 'supported';
    return [
      {
        label: String(checks[0]['claim_id'] ?? 'claim 1'),
        document: changed(trace, (copy) => {
          const claims = verifierOf(copy)?.['claim_checks'] as Record<string, unknown>[];
          const first = claims[0] as Record<string, unknown>;
          first['verification'] = supported;
          first['detail'] = '';
        }),
        suggestion: `case \`${evalCase.id}\` does not notice a claim check marked ${supported} with no detail: turn on audit.v2, and keep audit-consistency at severity error`,
      },
    ];
  },
};
