import type { AttributeValue, ImportedSpan } from '../read/span.js';
import {
  firstFound,
  INPUT_TOKEN_KEYS,
  MODEL_INPUT_TOKEN_KEYS,
  MODEL_OUTPUT_TOKEN_KEYS,
  OUTPUT_TOKEN_KEYS,
  spanRole,
  springAlibabaKind,
} from './conventions.js';
import { ancestors, type SpanTree } from './run-root.js';

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

/**
 * The token counts a span records itself; null when it records none. A Spring AI Alibaba graph or
 * node span never counts (what it holds is its state, not a model call's usage); the bare
 * `prompt_tokens` / `completion_tokens` count on model spans only.
 */
function ownUsage(span: ImportedSpan): TokenUsage | null {
  if (springAlibabaKind(span) !== null) return null;
  const isModel = spanRole(span) === 'model';
  const input = firstCount(span, INPUT_TOKEN_KEYS) ?? (isModel ? firstCount(span, MODEL_INPUT_TOKEN_KEYS) : null);
  const output = firstCount(span, OUTPUT_TOKEN_KEYS) ?? (isModel ? firstCount(span, MODEL_OUTPUT_TOKEN_KEYS) : null);
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
  private readonly totalUsage: TokenUsage | null;
  /** Span id → the usage of the counted spans at or below it. */
  private readonly bySpan = new Map<string, TokenUsage>();

  constructor(spans: readonly ImportedSpan[], tree: SpanTree) {
    const withUsage = spans.filter((span) => ownUsage(span) !== null);
    const hasUsageBelow = new Set<string>();
    for (const span of withUsage) for (const ancestor of ancestors(span, tree)) hasUsageBelow.add(ancestor.spanId);
    const counted = withUsage.filter((span) => !hasUsageBelow.has(span.spanId));
    this.totalUsage = counted.length === 0 ? null : { inputTokens: 0, outputTokens: 0 };
    // Each counted call adds its tokens to itself and every span above it, once.
    for (const span of counted) {
      const usage = ownUsage(span) as TokenUsage;
      add(this.totalUsage as TokenUsage, usage);
      for (const { spanId } of [span, ...ancestors(span, tree)]) {
        const entry = this.bySpan.get(spanId) ?? { inputTokens: 0, outputTokens: 0 };
        add(entry, usage);
        this.bySpan.set(spanId, entry);
      }
    }
  }

  /** Every call of the trace; null when no span records usage. */
  total(): TokenUsage | null {
    return this.totalUsage === null ? null : { ...this.totalUsage };
  }

  /** The calls made within a span (itself included); null when none records usage. */
  within(span: ImportedSpan): TokenUsage | null {
    const usage = this.bySpan.get(span.spanId);
    return usage === undefined ? null : { ...usage };
  }
}

function add(total: TokenUsage, usage: TokenUsage): void {
  total.inputTokens += usage.inputTokens;
  total.outputTokens += usage.outputTokens;
}

function firstCount(span: ImportedSpan, keys: readonly string[]): number | null {
  return firstFound(keys, (key) => tokenCount(span.attributes[key]));
}

function tokenCount(value: AttributeValue | undefined): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value === 'string' && /^\d+$/u.test(value.trim())) {
    const count = Number(value.trim());
    return Number.isSafeInteger(count) ? count : null;
  }
  return null;
}
