import { z } from 'zod';

/**
 * The values that tie the harness to the diagnosis service's own contract (CONTRACT §5).
 * A config file's `contract:` block may override any of them; these are the defaults.
 */
export interface ContractValues {
  verdicts: string[];
  passVerdict: string;
  rejectVerdict: string;
  claimVerifications: string[];
  protocolMarkers: string[];
  degradedOutput: { markers: string[]; maxDraftOverlap: number };
}

export const DEFAULT_CONTRACT: ContractValues = {
  verdicts: ['PASS', 'REVISE', 'REJECT'],
  passVerdict: 'PASS',
  rejectVerdict: 'REJECT',
  claimVerifications: ['supported', 'unsupported', 'contradicted', 'insufficient_evidence'],
  protocolMarkers: ['executor_evidence_v2', 'answer_version', 'evidence_bindings', 'claim_id'],
  degradedOutput: {
    markers: ['insufficient evidence', 'could not be verified', '证据不足', '无法确认'],
    maxDraftOverlap: 0.5,
  },
};

const nonEmptyString = z.string().min(1);

/** The `contract:` block as written: every key optional, unknown keys rejected. */
export const contractOverridesSchema = z.strictObject({
  verdicts: z.array(nonEmptyString).min(1).optional(),
  passVerdict: nonEmptyString.optional(),
  rejectVerdict: nonEmptyString.optional(),
  claimVerifications: z.array(nonEmptyString).min(1).optional(),
  protocolMarkers: z.array(nonEmptyString).optional(),
  degradedOutput: z
    .strictObject({
      markers: z.array(nonEmptyString).min(1).optional(),
      maxDraftOverlap: z.number().min(0).max(1).optional(),
    })
    .optional(),
});

export type ContractOverrides = z.infer<typeof contractOverridesSchema>;

/** Verdicts compare upper-cased everywhere (CONTRACT §3), so the contract's own are upper-cased here once. */
export function resolveContract(overrides: ContractOverrides | undefined): ContractValues {
  const merged: ContractValues = {
    ...DEFAULT_CONTRACT,
    ...stripUndefined(overrides ?? {}),
    degradedOutput: { ...DEFAULT_CONTRACT.degradedOutput, ...stripUndefined(overrides?.degradedOutput ?? {}) },
  };
  return {
    ...merged,
    verdicts: merged.verdicts.map((verdict) => verdict.toUpperCase()),
    passVerdict: merged.passVerdict.toUpperCase(),
    rejectVerdict: merged.rejectVerdict.toUpperCase(),
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
