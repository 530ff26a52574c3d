import { changed, verifierOf } from '../plain-trace.js';
import type { MutationOperator } from '../types.js';

/** The V2 audit fields the verifier writes, in the order the trace contract lists them. */
const AUDIT_FIELDS = ['gatekeeper_result', 'claim_checks', 'composer_output'] as const;

/** The verifier stops writing one V2 audit field. */
export const dropAuditField: MutationOperator = {
  id: 'drop-audit-field',
  description: 'one V2 audit field (gatekeeper_result, claim_checks, composer_output) removed, for each one present',
  mutate({ evalCase, trace }) {
    const verifier = verifierOf(trace);
    if (verifier === null) return [];
    return AUDIT_FIELDS.filter((field) => verifier[field] !== undefined && verifier[field] !== null).map((field) => ({
      label: field,
      document: changed(trace, (copy) => {
        const copied = verifierOf(copy);
        if (copied !== null) delete copied[field];
      }),
      suggestion: `case \`${evalCase.id}\` does not notice a missing \`${field}\`: turn on audit.v2`,
    }));
  },
};
