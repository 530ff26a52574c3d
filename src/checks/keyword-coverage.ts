import type { KeywordSynonyms } from '../cases/types.js';
import type { UnassertedConcept } from '../model/coverage.js';
import { quote, quoteList, verdictIs } from './support.js';
import type { CheckDefinition } from './types.js';

export const keywordCoverageCheck: CheckDefinition = {
  id: 'keyword-coverage',
  order: 60,
  spec: ['S05', 'S33', 'S67', 'S68', 'S69'],
  description:
    'The final answer commits to at least minKeywordCoverage of the root-cause concepts, and to every required one in its conclusion; a concept only denied, asked about, guessed, left to check or offered beside rivals is not covered.',
  failsWhen:
    'covered concepts / all concepts < `minKeywordCoverage`, or a `required` concept is not covered; a concept is covered only by a mention the answer commits to (section 2), a required one only in the conclusion (below), and the message names why and where each mentioned concept is not covered, with its clause',
  skippedWhen: 'no keywords, or the verdict is `contract.rejectVerdict`',
  run(context) {
    const { evalCase, contract } = context;
    if (evalCase.rootCauseKeywords.length === 0) {
      return { outcome: 'skip', message: 'the case has no root-cause keywords' };
    }
    if (verdictIs(context, contract.rejectVerdict)) {
      return {
        outcome: 'skip',
        message: `verdict is ${quote(contract.rejectVerdict.toUpperCase())}: root-cause coverage does not apply to a rejected answer (degraded-output checks it instead)`,
      };
    }
    const coverage = context.keywordCoverage;
    const summary = `${coverage.covered} of ${coverage.concepts} root-cause concepts covered (${coverage.ratio})`;
    const unassertedNote = (coverage.unasserted ?? []).map(describeUnasserted).join('; ');
    const requiredMissing = coverage.requiredMissing ?? [];
    const problems: string[] = [];
    // Each concept is named once: a required one under "required", the others under "missing".
    const required = new Set(requiredMissing.map((concept) => describeConcept(concept)));
    const otherMissing = coverage.missing.map(describeConcept).filter((concept) => !required.has(concept));
    // The exact fraction, not the rounded ratio, decides: 2/3 must not pass a minimum of 0.6667.
    if (coverage.covered / coverage.concepts < coverage.min) {
      problems.push(
        `${summary}, below the minimum ${coverage.min}${otherMissing.length === 0 ? '' : `; missing: ${otherMissing.join(', ')}`}`,
      );
    }
    if (requiredMissing.length > 0) {
      const prefix = problems.length === 0 ? `${summary}, but ` : '';
      problems.push(
        `${prefix}required ${requiredMissing.length === 1 ? 'concept' : 'concepts'} not covered: ${requiredMissing.map(describeConcept).join(', ')}`,
      );
    }
    if (problems.length > 0) {
      return {
        outcome: 'fail',
        message: `${problems.join('; ')}${unassertedNote === '' ? '' : `; ${unassertedNote}`}`,
      };
    }
    return {
      outcome: 'pass',
      message: `${summary}, minimum ${coverage.min}${unassertedNote === '' ? '' : `; ${unassertedNote}`}`,
    };
  },
};

function describeConcept(concept: KeywordSynonyms): string {
  return typeof concept === 'string' ? quote(concept) : `one of [${quoteList(concept)}]`;
}

/**
 * Why a mentioned concept is not covered, where, and the clause: `concept "连接池" is only mentioned
 * negated: "不是连接池耗尽"`, `concept "regex" is only asked about: "could it be the regex?"`,
 * `concept "node-6" is the 3rd ranked cause, not the conclusion: "…"`.
 */
export function describeUnasserted(entry: Pick<UnassertedConcept, 'mention' | 'kind' | 'clause' | 'place'>): string {
  return `concept ${quote(entry.mention)} ${whyNotCovered(entry)}: ${quote(entry.clause)}`;
}

/**
 * The words for why a mention does not cover its concept ("is only asked about", "is the 3rd
 * ranked cause, not the conclusion"): the one vocabulary of report.md's messages and report.html.
 */
export function whyNotCovered(entry: Pick<UnassertedConcept, 'kind' | 'place'>): string {
  return HOW[entry.kind](entry.place ?? 'outside the conclusion');
}

const HOW: Record<UnassertedConcept['kind'], (place: string) => string> = {
  negated: () => 'is only mentioned negated',
  hedged: () => 'is only mentioned hedged',
  questioned: () => 'is only asked about',
  speculated: () => 'is only guessed',
  deferred: () => 'is only left to check',
  rivalled: () => 'is only offered beside rival causes',
  'not-conclusion': (place) => {
    if (place.endsWith('ranked cause')) return `is ${place}, not the conclusion`;
    return place === 'outside the conclusion'
      ? 'is only named outside the conclusion'
      : `is only in ${place}, not the conclusion`;
  },
};
