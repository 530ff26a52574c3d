import { parseJsonOrUndefined } from '../../io/json/parse-json.js';
import { isRecord } from '../../io/validation/is-record.js';
import { containsNormalized, normalizeText } from '../../text/normalize.js';
import type { DiagnosisTrace } from '../../trace/types.js';

const EXECUTOR_AGENT = 'executor';
const NGRAM_SIZE = 3;

/**
 * One token per run of Latin letters and digits, one per CJK character: CJK text has no spaces,
 * so single characters are the only word boundary that needs no dictionary. The prolonged sound
 * mark ー belongs to no script (it is "Common") but is part of Katakana words, so it is listed.
 */
const CJK_CHARACTER = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u30FC]';
const WORD_CHARACTER = '[\\p{Script=Latin}\\p{Nd}]';
/** The tokens of a text are the matches of this pattern. */
const TOKEN_PATTERN = new RegExp(`${CJK_CHARACTER}|${WORD_CHARACTER}+`, 'gu');

/**
 * The executor's draft answer (docs/contract.md §3): the `output` of the last `executor` step; its
 * `answer` when the output is a JSON object (or a string holding one) with a string `answer`.
 * null when there is no executor step or its output carries no text.
 */
export function executorDraft(trace: DiagnosisTrace): string | null {
  const step = trace.agentSteps.findLast(
    (candidate) => typeof candidate.agentName === 'string' && candidate.agentName.toLowerCase() === EXECUTOR_AGENT,
  );
  if (step === undefined) return null;
  const output = step.output;
  return typeof output === 'string' ? (answerField(parseJsonObject(output)) ?? output) : answerField(output);
}

/** How much of the draft the final answer repeats, and by which measure. */
export type DraftReproduction =
  /** Drafts of three tokens or more: the share of the draft's distinct token trigrams found in the answer. */
  | { method: 'trigrams'; shared: number; total: number; overlap: number }
  /** Shorter drafts have no trigram to compare, so the whole draft is looked for as a substring. */
  | { method: 'substring'; contained: boolean };

export function measureDraftReproduction(normalizedFinalAnswer: string, draft: string): DraftReproduction {
  const draftTokens = tokenize(normalizeText(draft));
  if (draftTokens.length < NGRAM_SIZE) {
    return { method: 'substring', contained: containsNormalized(normalizedFinalAnswer, draft) };
  }
  const draftTrigrams = new Set(trigrams(draftTokens));
  // Only answer trigrams of draft tokens can be shared: no string is built for the others.
  const answerTrigrams = trigrams(tokenize(normalizedFinalAnswer), new Set(draftTokens));
  const shared = new Set(answerTrigrams.filter((trigram) => draftTrigrams.has(trigram)));
  return {
    method: 'trigrams',
    shared: shared.size,
    total: draftTrigrams.size,
    overlap: shared.size / draftTrigrams.size,
  };
}

/** S06: the final answer reproduces the draft when it repeats at least `maxDraftOverlap` of it. */
export function isReproduction(reproduction: DraftReproduction, maxDraftOverlap: number): boolean {
  return reproduction.method === 'trigrams' ? reproduction.overlap >= maxDraftOverlap : reproduction.contained;
}

/** Tokens of already normalised text: the matches of TOKEN_PATTERN, in order. */
export function tokenize(normalizedText: string): string[] {
  return normalizedText.match(TOKEN_PATTERN) ?? [];
}

/** The token trigrams, in order; with a vocabulary, only those of its tokens. */
function trigrams(tokens: string[], vocabulary?: ReadonlySet<string>): string[] {
  const result: string[] = [];
  for (let start = 0; start + NGRAM_SIZE <= tokens.length; start += 1) {
    const first = tokens[start] as string;
    const second = tokens[start + 1] as string;
    const third = tokens[start + 2] as string;
    if (vocabulary !== undefined && !(vocabulary.has(first) && vocabulary.has(second) && vocabulary.has(third)))
      continue;
    // A space cannot occur inside a token, so it keeps ["a b", "c"] and ["a", "b c"] apart.
    result.push(`${first} ${second} ${third}`);
  }
  return result;
}

function answerField(value: unknown): string | null {
  const answer = isRecord(value) ? value['answer'] : null;
  return typeof answer === 'string' ? answer : null;
}

/** A draft that only looks like JSON is still a draft: the caller keeps the raw text. */
function parseJsonObject(text: string): unknown {
  return text.trimStart().startsWith('{') ? parseJsonOrUndefined(text) : null;
}
