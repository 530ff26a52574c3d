import type { EvalCase } from '../cases/types.js';
import { isRecord } from '../io/validation/is-record.js';
import { compareText } from '../model/text-order.js';
import { escapeRegExp } from '../text/escape-regexp.js';
import { answerOf, changed, type PlainTrace } from './plain-trace.js';

/**
 * The synonyms of a root-cause concept, whichever way the case file wrote it: one keyword, a list
 * of synonyms, or an object `{ any: [...] }`.
 */
export function synonymsOf(concept: unknown): string[] {
  if (typeof concept === 'string') return [concept];
  const list: unknown = isRecord(concept) ? concept['any'] : concept;
  return Array.isArray(list) ? list.filter((item) => typeof item === 'string') : [];
}

/** True for a concept written `{ any: [...], required: true }`. */
export function isRequiredConcept(concept: unknown): boolean {
  return isRecord(concept) && concept['required'] === true;
}

/** How a concept is named in a suggestion: its first synonym. */
export function conceptName(concept: unknown): string {
  return synonymsOf(concept)[0] ?? '';
}

/** The synonyms of `concept` the text mentions (letter case ignored), longest first so that a replacement takes the whole phrase. */
export function mentionedSynonyms(text: string, concept: unknown): string[] {
  const lower = text.toLowerCase();
  return synonymsOf(concept)
    .filter((synonym) => synonym.trim() !== '' && lower.includes(synonym.toLowerCase()))
    .sort((left, right) => right.length - left.length || compareText(left, right));
}

/**
 * The concept a regression of the root cause targets: the first one marked required (the case's
 * own word for its culprit), else the first one the answer mentions.
 */
export function culpritConcept(evalCase: EvalCase, answer: string): unknown {
  const concepts = evalCase.rootCauseKeywords as readonly unknown[];
  return (
    concepts.find(isRequiredConcept) ??
    concepts.find((concept) => mentionedSynonyms(answer, concept).length > 0) ??
    null
  );
}

/**
 * Replaces every mention (letter case ignored) of every given synonym through `replace`, which sees
 * the text as written; longest first, without touching text a longer one already replaced.
 */
export function replaceSynonyms(text: string, synonyms: readonly string[], replace: (found: string) => string): string {
  const ordered = [...synonyms].sort((left, right) => right.length - left.length);
  if (ordered.length === 0) return text;
  const pattern = new RegExp(ordered.map(escapeRegExp).join('|'), 'giu');
  return text.replace(pattern, (found) => replace(found));
}

/** A case asked in Chinese gets its regressions written in Chinese, like its agent would answer. */
export function speaksChinese(evalCase: EvalCase): boolean {
  return /\p{Script=Han}/u.test(evalCase.question);
}

/** A copy of the trace with `sentence` at the end of its answer's first line (its conclusion), where a reader looks first. */
export function withConcludingSentence(trace: PlainTrace, sentence: string): PlainTrace {
  const answer = answerOf(trace);
  const lineEnd = answer.indexOf('\n');
  const finalAnswer =
    lineEnd < 0
      ? `${answer}${answer === '' ? '' : ' '}${sentence}`
      : `${answer.slice(0, lineEnd)} ${sentence}${answer.slice(lineEnd)}`;
  return changed(trace, { finalAnswer });
}
