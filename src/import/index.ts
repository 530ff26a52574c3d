export { IMPORT_FORMATS, parseImportFormatOption, type ImportFormat, type ImportFormatOption } from './format.js';
export { importTraces, type ImportedTrace, type ImportOptions, type ImportResult } from './import-traces.js';
export { matchTracesToCases, type CaseMatch, type MatchResult, type MatchedBy } from './match.js';
export { formatImportProblem, type ImportProblem } from './problems.js';
export { toTraceDocument, type SpanTrace } from './to-trace.js';
export { formatTraceJson } from './trace-json.js';
export { createImportedTraceSource } from './trace-source.js';
export type { AttributeValue, ImportedSpan, SpanEvent } from './span.js';
