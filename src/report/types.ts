/**
 * The report JSON's types (docs/contract.md §6), inferred from its one definition, the schema in
 * model/report-schema.ts; re-exported here for the code that writes and reads reports.
 */

export type { CaseStatus, CheckOutcome, ReportedOutcome } from '../model/outcomes.js';
export type {
  CaseResult,
  CheckRow,
  EvidenceCoverage,
  FailedCheck,
  KeywordCoverage,
  Report,
  ReportSummary,
  RunResult,
  UnassertedConcept,
} from '../model/report-schema.js';
