import { isRecord } from '../../io/is-record.js';
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
/** The tokens of a text are the matches of this pattern; `tokenize` finds the same ones, faster. */
export const TOKEN_PATTERN = new RegExp(`${CJK_CHARACTER}|${WORD_CHARACTER}+`, 'gu');
const IS_CJK_CHARACTER = new RegExp(`^${CJK_CHARACTER}$`, 'u');
const IS_WORD_CHARACTER = new RegExp(`^${WORD_CHARACTER}$`, 'u');

/**
 * The executor's draft answer (docs/contract.md §3): the `output` of the last `executor` step; its
 * `answer` when the output is a JSON object (or a string holding one) with a string `answer`.
 * null when there is no executor step or its output carries no text.
 */
export function executorDraft(trace: DiagnosisTrace): string | null {
  const step = trace.agentSteps.findLast(
    (candidate) => typeof candidate.agentName === 'string' && candidate.agentName.toLowerCase() === EXECUTOR_AGENT,
  );
  if (step === undefined) {
    return null;
  }
  const output = step.output;
  if (typeof output === 'string') {
    return answerField(parseJsonObject(output)) ?? output;
  }
  return answerField(output);
}

/** How much of the draft the final answer repeats, and by which measure. */
export type DraftReproduction =
  /** Drafts of three tokens or more: the share of the draft's distinct token trigrams found in the answer. */
  | { method: 'trigrams'; shared: number; total: number; overlap: number }
  /** Shorter drafts have no trigram to compare, so the whole draft is looked for as a substring. */
  | { method: 'substring'; contained: boolean };

export function measureDraftReproduction(normalizedFinalAnswer: string, draft: string): DraftReproduction {
  const normalizedDraft = normalizeText(draft);
  // Tokens are numbered in order of first appearance in the draft; a trigram of numbers a, b, c
  // is the number (a·n + b)·n + c for a vocabulary of n, the same for equal trigrams and
  // different for different ones, so counting numbers counts trigrams without building strings.
  const vocabulary = new TokenVocabulary();
  const draftIds: number[] = [];
  forEachToken(normalizedDraft, (start, end, single) => {
    draftIds.push(vocabulary.number(normalizedDraft, start, end, single));
  });
  if (draftIds.length < NGRAM_SIZE) {
    return { method: 'substring', contained: containsNormalized(normalizedFinalAnswer, draft) };
  }
  const size = vocabulary.size;
  if (size > MAX_NUMBERED_VOCABULARY) return measureByStrings(normalizedFinalAnswer, tokenize(normalizedDraft));
  const draftTrigrams = new Set<number>();
  for (let start = 0; start + NGRAM_SIZE <= draftIds.length; start += 1) {
    draftTrigrams.add(
      ((draftIds[start] as number) * size + (draftIds[start + 1] as number)) * size + (draftIds[start + 2] as number),
    );
  }
  // The draft's trigrams that also occur in the answer, found by walking the answer's tokens.
  // A trigram with a token the draft never uses (numbered -1 here) cannot be shared.
  const shared = new Set<number>();
  let first = -1;
  let second = -1;
  forEachToken(normalizedFinalAnswer, (start, end, single) => {
    const third = vocabulary.numberIfKnown(normalizedFinalAnswer, start, end, single);
    if (first >= 0 && second >= 0 && third >= 0) {
      const trigram = (first * size + second) * size + third;
      if (draftTrigrams.has(trigram)) shared.add(trigram);
    }
    first = second;
    second = third;
  });
  return {
    method: 'trigrams',
    shared: shared.size,
    total: draftTrigrams.size,
    overlap: shared.size / draftTrigrams.size,
  };
}

/**
 * The numbers of a draft's tokens. A CJK token is one character, kept by its code point, so that
 * no string is cut out for it (an answer in Chinese is mostly such tokens); a word is kept by its
 * text. The two never name the same token: a word holds no CJK character.
 */
class TokenVocabulary {
  private readonly words = new Map<string, number>();
  private readonly characters = new Map<number, number>();
  size = 0;

  /** The token's number, a new one when it is new. */
  number(text: string, start: number, end: number, single: boolean): number {
    const known = this.numberIfKnown(text, start, end, single);
    if (known >= 0) return known;
    const number = this.size;
    this.size += 1;
    if (single) this.characters.set(text.codePointAt(start) as number, number);
    else this.words.set(text.slice(start, end), number);
    return number;
  }

  /** The token's number, or -1 for a token not numbered yet. */
  numberIfKnown(text: string, start: number, end: number, single: boolean): number {
    const known = single
      ? this.characters.get(text.codePointAt(start) as number)
      : this.words.get(text.slice(start, end));
    return known ?? -1;
  }
}

/** Above this many distinct tokens, n³ would pass 2^53 and trigram numbers could collide. */
const MAX_NUMBERED_VOCABULARY = 200_000;

/** The same measure with trigrams as strings, for drafts with a vocabulary too large to number. */
function measureByStrings(normalizedFinalAnswer: string, draftTokens: string[]): DraftReproduction {
  const draftTrigrams = new Set(trigrams(draftTokens));
  const draftVocabulary = new Set(draftTokens);
  const answerTokens = tokenize(normalizedFinalAnswer);
  const shared = new Set<string>();
  for (let start = 0; start + NGRAM_SIZE <= answerTokens.length; start += 1) {
    const first = answerTokens[start] as string;
    const second = answerTokens[start + 1] as string;
    const third = answerTokens[start + 2] as string;
    if (!draftVocabulary.has(first) || !draftVocabulary.has(second) || !draftVocabulary.has(third)) {
      continue;
    }
    const trigram = `${first} ${second} ${third}`;
    if (draftTrigrams.has(trigram)) {
      shared.add(trigram);
    }
  }
  return {
    method: 'trigrams',
    shared: shared.size,
    total: draftTrigrams.size,
    overlap: shared.size / draftTrigrams.size,
  };
}

/** S06: the final answer reproduces the draft when it repeats at least `maxDraftOverlap` of it. */
export function reproducesDraft(normalizedFinalAnswer: string, draft: string, maxDraftOverlap: number): boolean {
  return isReproduction(measureDraftReproduction(normalizedFinalAnswer, draft), maxDraftOverlap);
}

export function isReproduction(reproduction: DraftReproduction, maxDraftOverlap: number): boolean {
  return reproduction.method === 'trigrams' ? reproduction.overlap >= maxDraftOverlap : reproduction.contained;
}

/**
 * Tokens of already normalised text: the matches of TOKEN_PATTERN, in order. A scan by code
 * point that asks the pattern's two classes once per distinct character (then remembers the
 * answer) instead of running the pattern over every text.
 */
export function tokenize(normalizedText: string): string[] {
  const tokens: string[] = [];
  forEachToken(normalizedText, (start, end) => {
    tokens.push(normalizedText.slice(start, end));
  });
  return tokens;
}

/** tokenize's tokens by where they stand, `single` for a CJK character: no string is made for them here. */
function forEachToken(normalizedText: string, visit: (start: number, end: number, single: boolean) => void): void {
  let wordStart = -1;
  for (let index = 0; index < normalizedText.length; ) {
    let codePoint = normalizedText.charCodeAt(index);
    let width = 1;
    if (codePoint >= 0xd800 && codePoint <= 0xdbff && index + 1 < normalizedText.length) {
      const low = normalizedText.charCodeAt(index + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        codePoint = ((codePoint - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
        width = 2;
      }
    }
    const kind = characterKind(codePoint);
    if (kind === WORD) {
      if (wordStart < 0) wordStart = index;
    } else {
      if (wordStart >= 0) {
        visit(wordStart, index, false);
        wordStart = -1;
      }
      if (kind === SINGLE) visit(index, index + width, true);
    }
    index += width;
  }
  if (wordStart >= 0) visit(wordStart, normalizedText.length, false);
}

/** Kinds of character: a token of its own (CJK), part of a word (Latin, digits), or neither. */
const SINGLE = 1;
const WORD = 2;
const NEITHER = 3;

function characterKind(codePoint: number): number {
  const character = String.fromCodePoint(codePoint);
  if (IS_CJK_CHARACTER.test(character)) return SINGLE;
  return IS_WORD_CHARACTER.test(character) ? WORD : NEITHER;
}

function trigrams(tokens: string[]): string[] {
  const result: string[] = [];
  for (let start = 0; start + NGRAM_SIZE <= tokens.length; start += 1) {
    // A space cannot occur inside a token, so it keeps ["a b", "c"] and ["a", "b c"] apart.
    // Joined by hand rather than slice().join(): no array per trigram.
    result.push(`${tokens[start] as string} ${tokens[start + 1] as string} ${tokens[start + 2] as string}`);
  }
  return result;
}

function answerField(value: unknown): string | null {
  if (isRecord(value)) {
    const answer = value['answer'];
    return typeof answer === 'string' ? answer : null;
  }
  return null;
}

function parseJsonObject(text: string): unknown {
  if (!text.trimStart().startsWith('{')) {
    return null;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A draft that only looks like JSON is still a draft; the caller keeps the raw text.
    return null;
  }
}
