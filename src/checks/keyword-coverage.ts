import type { KeywordSynonyms } from '../cases/types.js';
import type { UnassertedConcept } from '../model/coverage.js';
import { quote, quoteList, verdictIs } from './support.js';
import type { CheckDefinition } from './types.js';

export const keywordCoverageCheck: CheckDefinition = {
  id: 'keyword-coverage',
  order: 60,
  spec: ['S05', 'S33'],
  description:
    'The final answer asserts at least minKeywordCoverage of the root-cause concepts, and every required one; a concept mentioned only negated, hedged or in a question is not covered.',
  failsWhen:
    'covered concepts / all concepts < `minKeywordCoverage`, or a `required` concept is not covered; a concept is covered only by an asserted mention (section 2), and the message names each concept mentioned only negated, hedged or in a question, with its clause',
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
    // The exact fraction, not the rounded ratio, decides: 2/3 must not pass a minimum of 0.6667.
    if (coverage.covered / coverage.concepts < coverage.min) {
      problems.push(
        `${summary}, below the minimum ${coverage.min}; missing: ${coverage.missing.map(describeConcept).join(', ')}`,
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

/** `concept "连接池" is only mentioned negated: "不是连接池耗尽"` */
export function describeUnasserted(entry: Pick<UnassertedConcept, 'mention' | 'kind' | 'clause'>): string {
  const how = entry.kind === 'questioned' ? 'in a question' : entry.kind;
  return `concept ${quote(entry.mention)} is only mentioned ${how}: ${quote(entry.clause)}`;
}
