import type { CaseResult } from './report-schema.js';

/**
 * The words a check and a case end in (docs/contract.md §4, §6): shared by the checks that
 * produce them, the report that holds them and the diff that compares them.
 */

/** `warn`: the check found a problem, but its severity is `warn`, so the case does not fail on it. */
export type CheckOutcome = 'pass' | 'fail' | 'warn' | 'skip';
/** A case's status, as the report's schema defines it. */
export type CaseStatus = CaseResult['status'];

/** An outcome as a report holds it: one of CheckOutcome, or, in a report from a newer harness, another word shown as written. */
export type ReportedOutcome = CheckOutcome | (string & {});
