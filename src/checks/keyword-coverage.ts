import type { KeywordConcept } from '../cases/types.js';
import { computeKeywordCoverage } from '../trace/keyword-coverage.js';
import { quote, quoteList, verdictIs } from './support.js';
import type { CheckDefinition } from './types.js';

export const keywordCoverageCheck: CheckDefinition = {
  id: 'keyword-coverage',
  spec: ['S05'],
  description: 'The final answer covers at least minKeywordCoverage of the root-cause concepts.',
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
    const coverage = context.keywordCoverage ?? computeKeywordCoverage(evalCase, context.normalizedFinalAnswer);
    const summary = `${coverage.covered} of ${coverage.concepts} root-cause concepts covered (${coverage.ratio})`;
    // The exact fraction, not the rounded ratio, decides: 2/3 must not pass a minimum of 0.6667.
    if (coverage.covered / coverage.concepts < coverage.min) {
      return {
        outcome: 'fail',
        message: `${summary}, below the minimum ${coverage.min}; missing: ${coverage.missing.map(describeConcept).join(', ')}`,
      };
    }
    return { outcome: 'pass', message: `${summary}, minimum ${coverage.min}` };
  },
};

function describeConcept(concept: KeywordConcept): string {
  return typeof concept === 'string' ? quote(concept) : `one of [${quoteList(concept)}]`;
}
