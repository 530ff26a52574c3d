import { INPUT_TOKEN_KEYS, OUTPUT_TOKEN_KEYS } from './conventions.js';
import type { SpanTree } from './run-root.js';
import type { AttributeValue, ImportedSpan } from './span.js';

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

/** The token counts a span records itself; null when it records none. */
export function ownUsage(span: ImportedSpan): TokenUsage | null {
  const input = firstCount(span, INPUT_TOKEN_KEYS);
  const output = firstCount(span, OUTPUT_TOKEN_KEYS);
  if (input === null && output === null) return null;
  return { inputTokens: input ?? 0, outputTokens: output ?? 0 };
}

/**
 * Token usage summed without counting a call twice. Instrumentations nest: ADK's `call_llm`
 * and the OpenAI instrumentation's `openai.chat` below it record the same call, and an agent
 * span often records the total of its model calls. So only the innermost spans that record
 * usage count: a span's own counts are used when no span below it records any.
 */
export class UsageIndex {
  private readonly counted: ImportedSpan[];
  private readonly tree: SpanTree;

  constructor(spans: readonly ImportedSpan[], tree: SpanTree) {
    this.tree = tree;
    const withUsage = spans.filter((span) => ownUsage(span) !== null);
    const hasUsageBelow = new Set<string>();
    for (const span of withUsage) {
      const seen = new Set<string>([span.spanId]);
      let parentId = span.parentSpanId;
      while (parentId !== null && !seen.has(parentId)) {
        hasUsageBelow.add(parentId);
        seen.add(parentId);
        parentId = tree.byId.get(parentId)?.parentSpanId ?? null;
      }
    }
    this.counted = withUsage.filter((span) => !hasUsageBelow.has(span.spanId));
  }

  /** Every call of the trace; null when no span records usage. */
  total(): TokenUsage | null {
    return sum(this.counted);
  }

  /** The calls made within a span (itself included); null when none records usage. */
  within(span: ImportedSpan): TokenUsage | null {
    return sum(this.counted.filter((counted) => counted === span || this.isBelow(counted, span)));
  }

  private isBelow(span: ImportedSpan, ancestor: ImportedSpan): boolean {
    const seen = new Set<string>([span.spanId]);
    let parentId = span.parentSpanId;
    while (parentId !== null && !seen.has(parentId)) {
      if (parentId === ancestor.spanId) return true;
      seen.add(parentId);
      parentId = this.tree.byId.get(parentId)?.parentSpanId ?? null;
    }
    return false;
  }
}

function sum(spans: readonly ImportedSpan[]): TokenUsage | null {
  if (spans.length === 0) return null;
  const total = { inputTokens: 0, outputTokens: 0 };
  for (const span of spans) {
    const usage = ownUsage(span);
    if (usage === null) continue;
    total.inputTokens += usage.inputTokens;
    total.outputTokens += usage.outputTokens;
  }
  return total;
}

function firstCount(span: ImportedSpan, keys: readonly string[]): number | null {
  for (const key of keys) {
    const count = tokenCount(span.attributes[key]);
    if (count !== null) return count;
  }
  return null;
}

function tokenCount(value: AttributeValue | undefined): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value === 'string' && /^\d+$/u.test(value.trim())) {
    const count = Number(value.trim());
    return Number.isSafeInteger(count) ? count : null;
  }
  return null;
}
