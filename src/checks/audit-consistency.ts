import { mentionedToolNames } from '../text/tool-mentions.js';
import { isSupportedClaim, uninvokedToolNames, wasInvoked } from './derived.js';
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
  quote,
  quoteList,
  skip,
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
  inputs: ['requiredEvidenceTools'],
  messages: {
    consistent: '{{parts}}',
    gatekeeperConsistent: 'the gatekeeper result is consistent',
    claimsConsistent: '{{claimChecks}} consistent with the tools invoked',
    inconsistent: '{{problems}}',
    gatekeeperNotObject: 'selfEvaluation.verifier_evaluation.gatekeeper_result is {{found}}, expected an object',
    unknownStatus: 'gatekeeper_result.status is {{found}}, expected one of {{statuses}} (contract.gatekeeperStatuses)',
    passWithViolations: 'gatekeeper_result.status is {{status}} but it lists {{violations}}',
    supportedWithoutDetail:
      'claim_checks[{{index}}] (claim_id {{claimId}}) is {{verification}} with detail {{detail}}, expected a non-empty detail',
    uninvokedTools: 'claim_checks[{{index}}] (claim_id {{claimId}}) names {{toolWord}} never invoked: {{tools}}',
    nothingToAudit: 'the trace records no gatekeeper result and no claim checks',
  },
  run(context) {
    const gatekeeper = verifierField(context, 'gatekeeper_result');
    const claimChecks = verifierField(context, 'claim_checks');
    const claims = Array.isArray(claimChecks) ? (claimChecks as unknown[]) : [];
    if (isMissing(gatekeeper) && claims.length === 0) return skip('nothingToAudit');
    const problems = [...gatekeeperProblems(context, gatekeeper), ...claimCheckProblems(context, claims)];
    if (problems.length > 0) {
      return fail('inconsistent', { problems: messageList(problems) });
    }
    const parts: MessagePart[] = [];
    if (!isMissing(gatekeeper)) parts.push({ messageId: 'gatekeeperConsistent' });
    if (claims.length > 0) {
      parts.push({ messageId: 'claimsConsistent', data: { claimChecks: plural(claims.length, 'claim check') } });
    }
    return pass('consistent', { parts: messageList(parts) });
  },
};

function gatekeeperProblems(context: CheckContext, gatekeeper: unknown): MessagePart[] {
  if (isMissing(gatekeeper)) return [];
  if (!isRecord(gatekeeper)) return [{ messageId: 'gatekeeperNotObject', data: { found: describeValue(gatekeeper) } }];
  const statuses = context.contract.gatekeeperStatuses;
  const status = gatekeeper['status'];
  const read = enumeratedValue(status);
  if (typeof status !== 'string' || !statuses.some((value) => value.toLowerCase() === read)) {
    return [{ messageId: 'unknownStatus', data: { found: describeValue(status), statuses: quoteList(statuses) } }];
  }
  const violations = gatekeeper['violations'];
  if (read === GATEKEEPER_PASS && Array.isArray(violations) && violations.length > 0) {
    const data = { status: quote(status), violations: plural(violations.length, 'violation') };
    return [{ messageId: 'passWithViolations', data }];
  }
  return [];
}

function claimCheckProblems(context: CheckContext, claims: readonly unknown[]): MessagePart[] {
  const uninvoked = uninvokedToolNames(context);
  const problems: MessagePart[] = [];
  claims.forEach((entry, index) => {
    if (!isRecord(entry)) return;
    const claimId = describeValue(entry['claim_id']);
    const detail = entry['detail'];
    if (isSupportedClaim(context, entry) && !(typeof detail === 'string' && detail.trim() !== '')) {
      const verification = quote(entry['verification'] as string);
      const data = { index, claimId, verification, detail: describeValue(detail) };
      problems.push({ messageId: 'supportedWithoutDetail', data });
    }
    const uncalled = namedTools(entry, uninvoked).filter((tool) => !wasInvoked(context, tool));
    if (uncalled.length > 0) {
      const toolWord = uncalled.length === 1 ? 'a tool' : 'tools';
      problems.push({ messageId: 'uninvokedTools', data: { index, claimId, toolWord, tools: quoteList(uncalled) } });
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
  const names = new Set<string>();
  const detail = entry['detail'];
  // Only a name no call carries can be named wrongly, so the detail is searched for those alone.
  if (typeof detail === 'string' && uninvoked.length > 0) {
    for (const name of mentionedToolNames(detail.toLowerCase(), uninvoked)) names.add(name);
  }
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
