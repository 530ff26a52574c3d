export { compareReports } from './compare.js';
export { loadReportFile, parseReportFile } from './load-report.js';
export { renderDiffJson } from './render/json.js';
export { formatDiffVerdictLine, renderDiffMarkdown, type DiffMarkdownLabels } from './render/markdown.js';
export type {
  CompareOptions,
  Diff,
  DiffItem,
  DiffKind,
  DiffScope,
  DiffStatus,
  DiffSummary,
  DiffValue,
  MetricComparison,
} from './types.js';
