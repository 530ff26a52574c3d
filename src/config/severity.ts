import { ERROR_ONLY_CHECK_IDS } from '../model/check-ids.generated.js';

/**
 * Severity per check, as in ESLint (docs/contract.md §2, §4): `error` fails the case, `warn`
 * reports the finding with outcome `warn` without failing the case, `off` drops the check.
 */
export const SEVERITIES = ['error', 'warn', 'off'] as const;

export type Severity = (typeof SEVERITIES)[number];

/** The severity of a check that no configuration names. */
export const DEFAULT_SEVERITY: Severity = 'error';

/**
 * Checks that cannot be lowered (each check's `errorOnly`): when the trace does not load every
 * other check is skipped, so a `warn` or `off` there would pass a case on which nothing was judged.
 */
export const ERROR_ONLY_CHECKS: ReadonlySet<string> = new Set(ERROR_ONLY_CHECK_IDS);
