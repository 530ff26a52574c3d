import {
  describeValue,
  hasVerifierEvaluation,
  isMissing,
  quote,
  VERIFIER_PATH,
  verifierField,
  withoutVerifier,
} from './support.js';
import type { CheckDefinition } from './types.js';

export const verdictPresentCheck: CheckDefinition = {
  id: 'verdict-present',
  order: 30,
  spec: ['S04', 'S73'],
  description: 'selfEvaluation.verifier_evaluation.verdict exists and is a string.',
  failsWhen: '`selfEvaluation.verifier_evaluation.verdict` is missing or not a string',
  skippedWhen: 'the case names no `allowedVerdicts` (the agent has no verifier)',
  run(context) {
    const noVerifier = withoutVerifier(context.evalCase);
    if (noVerifier !== null) return noVerifier;
    if (!hasVerifierEvaluation(context)) {
      return { outcome: 'fail', message: `${VERIFIER_PATH} is missing, so the trace has no verdict` };
    }
    const verdict = verifierField(context, 'verdict');
    if (verdict === null) {
      return { outcome: 'fail', message: `${VERIFIER_PATH}.verdict is null, which counts as missing` };
    }
    if (isMissing(verdict)) {
      return { outcome: 'fail', message: `${VERIFIER_PATH}.verdict is missing` };
    }
    if (typeof verdict !== 'string') {
      return { outcome: 'fail', message: `${VERIFIER_PATH}.verdict is ${describeValue(verdict)}, expected a string` };
    }
    return { outcome: 'pass', message: `verdict ${quote(verdict.toUpperCase())} present` };
  },
};
