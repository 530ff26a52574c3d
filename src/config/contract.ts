import type { LexiconExtension } from '../text/lexicon/index.js';
import type { ContractOverrides } from './contract-schema.js';

/**
 * The values that tie the harness to the diagnosis service's own contract (docs/contract.md §5).
 * A config file's `contract:` block may override any of them; these are the defaults.
 */
export interface ContractValues {
  verdicts: string[];
  passVerdict: string;
  rejectVerdict: string;
  claimVerifications: string[];
  protocolMarkers: string[];
  degradedOutput: { markers: string[]; maxDraftOverlap: number };
  /** Trace `status` values of a finished run (run-completed); compared in any case. */
  completedStatuses: string[];
  /** Gatekeeper `status` values the service writes (audit-consistency); compared in any case. */
  gatekeeperStatuses: string[];
  /** Result summaries that mean "the call returned nothing" (evidence-substance, numeric-grounding). */
  emptyResultMarkers: string[];
  /** Tool names an answer may cite, beyond those the case and the trace name (cited-tools-called, audit-consistency). */
  toolNames: string[];
  /** Added to the built-in negation triggers of assertion-aware matching (src/text/assertion-triggers.ts). */
  negationTriggers: string[];
  /** Added to the built-in hedge triggers (read as single modals, S67). */
  hedgeTriggers: string[];
  /** Added to the lists of the built-in lexicon (src/text/lexicon/), by list name (S67–S69); absent adds nothing. */
  lexicon?: LexiconExtension;
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
  completedStatuses: ['COMPLETED'],
  gatekeeperStatuses: ['pass', 'fail'],
  emptyResultMarkers: [
    '""',
    '[]',
    '{}',
    'null',
    'no data',
    'no results',
    'not found',
    '无数据',
    '暂无数据',
    '未找到',
    '查询结果为空',
  ],
  toolNames: [],
  negationTriggers: [],
  hedgeTriggers: [],
};

export type { ContractOverrides } from './contract-schema.js';

/** Verdicts compare upper-cased everywhere (docs/contract.md §3), so the contract's own are upper-cased here once. */
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
