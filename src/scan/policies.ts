import { caseResolver } from '../cases/resolve-cases.js';
import type { EvalCase } from '../cases/types.js';
import { CHECKS } from '../checks/index.js';
import type { ContractValues } from '../config/contract.js';
import { InputError } from '../io/errors.js';
import { problemAt, type StructuredFile, schemaProblems, valueAt } from '../io/structured-file.js';
import { schemaKeys } from '../io/validation/schema-keys.js';
import * as z from '../io/validation/zod.js';
import { ERROR_ONLY_CHECK_IDS, SCAN_DEFAULT_CHECK_IDS } from '../model/check-ids.generated.js';

export type PolicySeverity = 'error' | 'warn';

/** One check applied to every trace, and what a violation of it is. */
export interface PolicyCheck {
  check: string;
  severity: PolicySeverity;
}

export interface Policies {
  /** In check-registry order. */
  checks: PolicyCheck[];
  /** The case every trace is judged as: the policy values, and no per-case expectation. */
  policyCase: EvalCase;
}

const textList = z.array(z.string({ error: 'expected a string' }), { error: 'expected a list of strings' });
const limit = z
  .number({ error: 'expected a whole number ≥ 0' })
  .check(z.int({ error: 'expected a whole number ≥ 0' }), z.gte(0, { error: 'expected a whole number ≥ 0' }));

const POLICIES_SCHEMA = z.strictObject(
  {
    forbiddenAnswerKeywords: z.optional(textList),
    forbiddenConfirmedClaims: z.optional(textList),
    /** For the checks that judge evidence of given tools (evidence-coverage, evidence-substance). */
    requiredEvidenceTools: z.optional(textList),
    budget: z.optional(
      z.strictObject(
        { maxToolCalls: z.optional(limit), maxDurationMs: z.optional(limit) },
        { error: 'expected {maxToolCalls, maxDurationMs}' },
      ),
    ),
    audit: z.optional(
      z.strictObject(
        {
          v2: z.optional(z.boolean()),
          claimChecks: z.optional(z.boolean()),
          composerOutput: z.optional(z.boolean()),
        },
        { error: 'expected {v2, claimChecks, composerOutput}' },
      ),
    ),
    checks: z.optional(
      z.record(z.string(), z.enum(['error', 'warn', 'off'], { error: 'expected error, warn or off' }), {
        error: 'expected an object of check id: error | warn | off',
      }),
    ),
  },
  { error: 'expected an object of policies' },
);

/** Every key the block may hold, at any depth, for "did you mean" hints. */
const KNOWN_KEYS = schemaKeys(POLICIES_SCHEMA);

/**
 * The `policies:` block found at `path` in `file` (a config or policies file), resolved. An
 * absent block means the default checks with no values: the checks that need a value
 * (keywords, budgets) then skip.
 */
export function resolvePolicies(
  file: StructuredFile | null,
  path: readonly string[],
  contract: ContractValues,
): Policies {
  const raw = file === null ? undefined : valueAt(file.value, path);
  const parsed = POLICIES_SCHEMA.safeParse(raw ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ ...issue, path: [...path, ...issue.path] }));
    throw new InputError(schemaProblems(file as StructuredFile, issues, KNOWN_KEYS));
  }
  const block = parsed.data;
  const known = new Set(CHECKS.map((check) => check.id as string));
  const unknown = Object.keys(block.checks ?? {}).filter((id) => !known.has(id));
  if (unknown.length > 0 && file !== null) {
    throw new InputError(
      unknown.map((id) =>
        problemAt(file, [...path, 'checks', id], `found check id "${id}", expected one of ${[...known].join(', ')}`),
      ),
    );
  }
  const severities = new Map<string, PolicySeverity | 'off'>();
  // The checks that need no per-case expectation (each declares `scanByDefault`); `policies.checks` names others.
  for (const id of SCAN_DEFAULT_CHECK_IDS) if (known.has(id)) severities.set(id, 'error');
  for (const [id, severity] of Object.entries(block.checks ?? {})) severities.set(id, severity);
  // trace-loadable gates every other check: a trace that does not load is always an error.
  for (const id of ERROR_ONLY_CHECK_IDS) severities.set(id, 'error');
  const checks = CHECKS.flatMap((check): PolicyCheck[] => {
    const severity = severities.get(check.id);
    return severity === undefined || severity === 'off' ? [] : [{ check: check.id, severity }];
  });
  // Resolved as a case file's case is, with no severities: scan applies its own (above), and inside
  // the evaluator every check runs as an error.
  const resolved = caseResolver(
    {},
    {},
  )({
    id: 'policy',
    question: '',
    minKeywordCoverage: 0,
    requiredEvidenceTools: block.requiredEvidenceTools ?? [],
    allowedVerdicts: contract.verdicts,
    forbiddenAnswerKeywords: block.forbiddenAnswerKeywords ?? [],
    forbiddenConfirmedClaims: block.forbiddenConfirmedClaims ?? [],
    audit: block.audit,
    budget: block.budget,
  });
  return { checks, policyCase: { ...resolved, traceFixture: '' } };
}
