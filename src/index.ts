// The library behind the `diag-eval` CLI. Re-exports only.

export { loadCaseFile, resolveCaseFile } from './cases/resolve-cases.js';
export type {
  AuditSettings,
  ConceptObject,
  CostBudget,
  EvalCase,
  KeywordConcept,
  KeywordSynonyms,
} from './cases/types.js';
export { caseFileJsonSchema } from './checks/case-file-json-schema.js';
export { createCheckContext } from './checks/context.js';
export { CHECKS } from './checks/index.js';
export type { MessageData, MessageList, MessagePart, MessageValue } from './checks/messages.js';
export { renderMessage } from './checks/messages.js';
export type { CheckContext, CheckDefinition, CheckFinding } from './checks/types.js';
export type { ContractValues } from './config/contract.js';
export { DEFAULT_CONTRACT, resolveContract } from './config/contract.js';
export type { HarnessConfig } from './config/load-config.js';
export { loadConfig } from './config/load-config.js';
export type { Severity } from './config/severity.js';
export { SEVERITIES } from './config/severity.js';
export { compareReports } from './diff/compare.js';
export { loadReportFile, parseReportFile } from './diff/load-report.js';
export { renderDiffJson } from './diff/render/json.js';
export { renderDiffMarkdown } from './diff/render/markdown.js';
export type { Diff, DiffItem, DiffSummary } from './diff/types.js';
export { evaluateRun } from './evaluate/evaluate.js';
export type { CaseDefinition, EvaluateTraceOptions } from './evaluate/evaluate-trace.js';
export { evaluateTrace } from './evaluate/evaluate-trace.js';
export type { RunCasesOptions, RunProgress } from './evaluate/run-cases.js';
export { runCases } from './evaluate/run-cases.js';
export { InputError } from './io/errors.js';
export type { CheckId } from './model/check-ids.generated.js';
export { CHECK_IDS } from './model/check-ids.generated.js';
export { buildReport } from './report/build.js';
export { renderReportJson } from './report/render/json.js';
export { renderReportMarkdown } from './report/render/markdown.js';
export type {
  CaseResult,
  CheckOutcome,
  CheckRow,
  EvidenceCoverage,
  KeywordCoverage,
  Report,
  ReportedOutcome,
  ReportSummary,
  RunResult,
  UnassertedConcept,
} from './report/types.js';
export { createFixtureDirSource } from './sources/fixture-dir.js';
export type { TraceRunInput, TraceSource } from './sources/types.js';
export { loadTrace } from './trace/load-trace.js';
export type { DiagnosisTrace, TraceDocument } from './trace/types.js';
