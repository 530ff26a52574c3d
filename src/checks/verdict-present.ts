import {
  describeValue,
  fail,
  hasNoVerifier,
  isMissing,
  NO_VERIFIER_MESSAGE,
  pass,
  quote,
  skip,
  verifierField,
} from './support.js';
import type { CheckDefinition } from './types.js';

export const verdictPresentCheck: CheckDefinition = {
  id: 'verdict-present',
  order: 30,
  spec: ['S04', 'S73'],
  description: 'selfEvaluation.verifier_evaluation.verdict exists and is a string.',
  failsWhen: '`selfEvaluation.verifier_evaluation.verdict` is missing or not a string',
  skippedWhen: 'the case names no `allowedVerdicts` (the agent has no verifier)',
  inputs: ['allowedVerdicts'],
  messages: {
    present: 'verdict {{verdict}} present',
    noEvaluation: 'selfEvaluation.verifier_evaluation is missing, so the trace has no verdict',
    nullVerdict: 'selfEvaluation.verifier_evaluation.verdict is null, which counts as missing',
    missingVerdict: 'selfEvaluation.verifier_evaluation.verdict is missing',
    notText: 'selfEvaluation.verifier_evaluation.verdict is {{found}}, expected a string',
    noVerifier: NO_VERIFIER_MESSAGE,
  },
  run(context) {
    if (hasNoVerifier(context.evalCase)) return skip('noVerifier');
    if (isMissing(context.trace.verifierEvaluation)) return fail('noEvaluation');
    const verdict = verifierField(context, 'verdict');
    if (verdict === null) return fail('nullVerdict');
    if (isMissing(verdict)) return fail('missingVerdict');
    if (typeof verdict !== 'string') {
      return fail('notText', { found: describeValue(verdict) });
    }
    return pass('present', { verdict: quote(context.verdict ?? verdict) });
  },
};
