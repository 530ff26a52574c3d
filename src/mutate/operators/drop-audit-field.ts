import { changed, verifierOf } from '../plain-trace.js';
import type { MutationOperator } from '../types.js';

/** The V2 audit fields the verifier writes, in the order the trace contract lists them. */
const AUDIT_FIELDS = ['gatekeeper_result', 'claim_checks', 'composer_output'] as const;

/**
 * The verifier stops writing one V2 audit field. Only a trace that carries the whole V2 chain is
 * regressed: a case can be asked to hold the chain (audit.v2) only when its agent writes all of it,
 * so a partial chain's missing field would come with a suggestion nobody could follow.
 */
export const dropAuditField: MutationOperator = {
  id: 'drop-audit-field',
  description:
    'one V2 audit field (gatekeeper_result, claim_checks, composer_output) removed, for each one, in traces that carry all three',
  mutate({ evalCase, trace }) {
    const verifier = verifierOf(trace);
    if (verifier === null || !AUDIT_FIELDS.every((field) => verifier[field] !== undefined && verifier[field] !== null))
      return [];
    return AUDIT_FIELDS.map((field) => ({
      label: field,
      document: changed(trace, (copy) => {
        const copied = verifierOf(copy);
        if (copied !== null) delete copied[field];
      }),
      suggestion: `case \`${evalCase.id}\` does not notice a missing \`${field}\`: turn on audit.v2`,
    }));
  },
};
