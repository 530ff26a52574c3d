/**
 * The coverage figures a case result carries (docs/contract.md §6): measured beside the checks
 * (src/checks/measures/), read by the checks that judge them and written into the report. Their
 * types are inferred from the report's schema.
 */
export type { EvidenceCoverage, KeywordCoverage, UnassertedConcept } from './report-schema.js';
