import { compareText } from '../../model/text-order.js';
import type { ImportedSpan } from '../read/span.js';
import { isRunCandidate, spanRole } from './conventions.js';

/** A trace's spans by span id, for walking up the parent links. */
export type SpanTree = ReadonlyMap<string, ImportedSpan>;

export function spanTree(spans: readonly ImportedSpan[]): SpanTree {
  return new Map(spans.map((span) => [span.spanId, span]));
}

/**
 * The span that stands for the whole run: the outermost run candidate (agent span, OpenInference
 * CHAIN, Traceloop / AGNTCY workflow or agent; see conventions.ts) that encloses the agent's
 * model and tool spans. A framework often marks its outer span with its own kind attribute
 * only and the agent it calls with `invoke_agent`: taking the inner one would time a sub-agent,
 * not the run. Candidates enclosing no model or tool span count only when no candidate
 * encloses any. Without candidates, the root span; the earliest, longest first, of several.
 * A trace is collected from its spans, so it has at least one.
 */
export function findRunRoot(spans: readonly ImportedSpan[], tree: SpanTree): ImportedSpan {
  const candidates = spans.filter(isRunCandidate);
  const work = spans.filter((span) => {
    const role = spanRole(span);
    return role === 'model' || role === 'tool';
  });
  const pool = candidates.filter((candidate) => work.some((span) => encloses(candidate, span, tree)));
  const chosenPool = pool.length > 0 ? pool : candidates;
  const outermost = chosenPool.filter(
    (span) => !chosenPool.some((other) => other !== span && encloses(other, span, tree)),
  );
  const roots = spans.filter((span) => span.parentSpanId === null || !tree.has(span.parentSpanId));
  const chosen = outermost.length > 0 ? outermost : roots.length > 0 ? roots : spans;
  const root = [...chosen].sort(compareOutermostFirst)[0];
  if (root === undefined) throw new Error('a trace without spans has no run root');
  return root;
}

/**
 * Whether `outer` encloses `inner`: it is one of its ancestors or, when the parent links of
 * `inner` break off before a root (a span of another service not exported, as across an A2A
 * call), its time span holds the other's.
 */
function encloses(outer: ImportedSpan, inner: ImportedSpan, tree: SpanTree): boolean {
  const above = ancestors(inner, tree);
  if (above.includes(outer)) return true;
  const top = above.at(-1) ?? inner;
  const linkBroken = top.parentSpanId !== null && !tree.has(top.parentSpanId);
  if (!linkBroken || ancestors(outer, tree).includes(inner)) return false;
  return (
    outer.startNs !== null &&
    outer.endNs !== null &&
    inner.startNs !== null &&
    inner.endNs !== null &&
    outer.startNs <= inner.startNs &&
    inner.endNs <= outer.endNs &&
    !(outer.startNs === inner.startNs && outer.endNs === inner.endNs)
  );
}

/** The span's ancestors, nearest first; a parent missing from the export, or a cycle, ends the chain. */
export function ancestors(span: ImportedSpan, tree: SpanTree): ImportedSpan[] {
  const found: ImportedSpan[] = [];
  const seen = new Set<string>([span.spanId]);
  let parentId = span.parentSpanId;
  while (parentId !== null && !seen.has(parentId)) {
    const parent = tree.get(parentId);
    if (parent === undefined) break;
    found.push(parent);
    seen.add(parentId);
    parentId = parent.parentSpanId;
  }
  return found;
}

/** Two span times in order, an unknown time first. */
export function compareNs(a: bigint | null, b: bigint | null): number {
  const first = a ?? -1n;
  const second = b ?? -1n;
  return first < second ? -1 : first > second ? 1 : 0;
}

export function compareByStart(a: ImportedSpan, b: ImportedSpan): number {
  return compareNs(a.startNs, b.startNs) || compareText(a.spanId, b.spanId);
}

/** Earliest start first; at the same start, the longer (enclosing) span first. */
function compareOutermostFirst(a: ImportedSpan, b: ImportedSpan): number {
  return compareNs(a.startNs, b.startNs) || compareNs(b.endNs, a.endNs) || compareByStart(a, b);
}
