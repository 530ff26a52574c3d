import type { Diff, DiffItem, MetricComparison } from '../types.js';
import { orderSignificance, orderSignificanceSummary } from './significance-order.js';

/**
 * diff.json (docs/contract.md §7, S24). Objects are rebuilt in the contract's key order, so the file is
 * byte-identical for the same diff however the object passed in was put together.
 */
export function renderDiffJson(diff: Diff): string {
  const { summary } = diff;
  const ordered = {
    schemaVersion: diff.schemaVersion,
    summary: {
      status: summary.status,
      regressions: summary.regressions,
      improvements: summary.improvements,
      changes: summary.changes,
      passRate: orderComparison(summary.passRate),
      avgToolCalls: orderComparison(summary.avgToolCalls),
      avgDurationMs: orderComparison(summary.avgDurationMs),
      ...(summary.avgTokens === undefined ? {} : { avgTokens: orderComparison(summary.avgTokens) }),
      ...(summary.avgRepeatedCalls === undefined
        ? {}
        : { avgRepeatedCalls: orderComparison(summary.avgRepeatedCalls) }),
      ...(summary.significance === undefined ? {} : { significance: orderSignificanceSummary(summary.significance) }),
    },
    items: diff.items.map(orderItem),
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

function orderComparison(comparison: MetricComparison): MetricComparison {
  return { baseline: comparison.baseline, current: comparison.current, delta: comparison.delta };
}

function orderItem(item: DiffItem): DiffItem {
  return {
    kind: item.kind,
    scope: item.scope,
    caseId: item.caseId,
    tool: item.tool,
    metric: item.metric,
    baseline: item.baseline,
    current: item.current,
    delta: item.delta,
    message: item.message,
    ...(item.significance === undefined ? {} : { significance: orderSignificance(item.significance) }),
  };
}
