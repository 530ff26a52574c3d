import { mentionedToolNames } from '../text/tool-mentions.js';
import { supportedVerification, uninvokedToolNames, wasInvoked } from './derived.js';
import {
  describeValue,
  isMissing,
  isRecord,
  plural,
  quote,
  quoteList,
  VERIFIER_PATH,
  verifierField,
} from './support.js';
import type { CheckContext, CheckDefinition } from './types.js';

const GATEKEEPER_PASS = 'pass';
/** Claim-check fields that may name the tools a claim rests on, beside its detail. */
const TOOL_FIELDS = ['evidence', 'tools'] as const;

export const auditConsistencyCheck: CheckDefinition = {
  id: 'audit-consistency',
  order: 190,
  spec: ['S36'],
  description:
    'The audit chain agrees with itself: the gatekeeper status is one of contract.gatekeeperStatuses and a pass has no violations; a supported claim check has a detail; a claim check names only tools that were invoked.',
  failsWhen:
    "`gatekeeper_result.status` is not one of `contract.gatekeeperStatuses` (any case); or it is `pass` with a non-empty `violations` list; or a claim check whose verification is the supported value (`supported` when `contract.claimVerifications` lists it, else its first value) has an empty or missing `detail`; or a claim check names a tool never invoked (a known tool name, see `cited-tools-called`, in its `detail`; any text in its `tools`; a known tool name or an object's `tool`/`tool_name` in its `evidence`)",
  skippedWhen: 'no gatekeeper result and no claim checks',
  run(context) {
    const gatekeeper = verifierField(context, 'gatekeeper_result');
    const claimChecks = verifierField(context, 'claim_checks');
    const claims = Array.isArray(claimChecks) ? (claimChecks as unknown[]) : [];
    if (isMissing(gatekeeper) && claims.length === 0) {
      return { outcome: 'skip', message: 'the trace records no gatekeeper result and no claim checks' };
    }
    const problems = [...gatekeeperProblems(context, gatekeeper), ...claimCheckProblems(context, claims)];
    if (problems.length > 0) {
      return { outcome: 'fail', message: problems.join('; ') };
    }
    const parts: string[] = [];
    if (!isMissing(gatekeeper)) parts.push('the gatekeeper result is consistent');
    if (claims.length > 0) parts.push(`${plural(claims.length, 'claim check')} consistent with the tools invoked`);
    return { outcome: 'pass', message: parts.join('; ') };
  },
};

function gatekeeperProblems(context: CheckContext, gatekeeper: unknown): string[] {
  if (isMissing(gatekeeper)) return [];
  if (!isRecord(gatekeeper))
    return [`${VERIFIER_PATH}.gatekeeper_result is ${describeValue(gatekeeper)}, expected an object`];
  const statuses = context.contract.gatekeeperStatuses;
  const status = gatekeeper['status'];
  if (typeof status !== 'string' || !statuses.some((value) => value.toLowerCase() === status.trim().toLowerCase())) {
    return [
      `gatekeeper_result.status is ${describeValue(status)}, expected one of ${quoteList(statuses)} (contract.gatekeeperStatuses)`,
    ];
  }
  const violations = gatekeeper['violations'];
  if (status.trim().toLowerCase() === GATEKEEPER_PASS && Array.isArray(violations) && violations.length > 0) {
    return [`gatekeeper_result.status is ${quote(status)} but it lists ${plural(violations.length, 'violation')}`];
  }
  return [];
}

function claimCheckProblems(context: CheckContext, claims: readonly unknown[]): string[] {
  const supported = supportedVerification(context);
  const uninvoked = uninvokedToolNames(context);
  const problems: string[] = [];
  claims.forEach((entry, index) => {
    if (!isRecord(entry)) return;
    // Named only when there is a problem to name: most claim checks have none.
    const label = (): string => `claim_checks[${index}] (claim_id ${describeValue(entry['claim_id'])})`;
    const verification = entry['verification'];
    const detail = entry['detail'];
    if (
      typeof verification === 'string' &&
      verification.trim().toLowerCase() === supported &&
      !(typeof detail === 'string' && detail.trim() !== '')
    ) {
      problems.push(
        `${label()} is ${quote(verification)} with detail ${describeValue(detail)}, expected a non-empty detail`,
      );
    }
    const uncalled = namedTools(entry, uninvoked).filter((tool) => !wasInvoked(context, tool));
    if (uncalled.length > 0) {
      problems.push(
        `${label()} names ${uncalled.length === 1 ? 'a tool' : 'tools'} never invoked: ${quoteList(uncalled)}`,
      );
    }
  });
  return problems;
}

/**
 * The tools a claim check names that may not have been invoked: known tool names no call carries
 * (`uninvoked`, derived.ts) mentioned in its detail; in `tools`, every text (or `tool`/`tool_name`
 * of an object); in `evidence`, texts that are such names (the rest are evidence ids such as
 * "ev-2", or names of tools that were invoked) and the `tool`/`tool_name` of objects. Sorted, no
 * repeats.
 */
function namedTools(entry: Record<string, unknown>, uninvoked: readonly string[]): string[] {
  const detail = entry['detail'];
  const hasToolFields = entry['evidence'] !== undefined || entry['tools'] !== undefined;
  // Only a name no call carries can be named wrongly, so the detail is searched for those alone.
  const searchDetail = typeof detail === 'string' && uninvoked.length > 0;
  if (!searchDetail && !hasToolFields) return [];
  const names = new Set<string>();
  if (searchDetail) for (const name of mentionedToolNames(detail.toLowerCase(), uninvoked)) names.add(name);
  if (!hasToolFields) return [...names].sort();
  for (const field of TOOL_FIELDS) {
    const value = entry[field];
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (typeof item === 'string') {
        if (field === 'tools' || uninvoked.includes(item)) names.add(item);
      } else if (isRecord(item)) {
        const tool = item['tool'] ?? item['tool_name'];
        if (typeof tool === 'string') names.add(tool);
      }
    }
  }
  return [...names].sort();
}
