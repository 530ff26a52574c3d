import { quote, quoteList, withoutVerifier } from './support.js';
import type { CheckDefinition } from './types.js';

export const verdictNotForbiddenCheck: CheckDefinition = {
  id: 'verdict-not-forbidden',
  order: 50,
  spec: ['S02', 'S73'],
  description: "The verifier's verdict is not one of the case's forbiddenVerdicts.",
  failsWhen: 'the verdict is one of `forbiddenVerdicts`',
  skippedWhen: 'no verdict, no forbidden verdicts, or the case names no `allowedVerdicts`',
  run({ evalCase, verdict }) {
    const noVerifier = withoutVerifier(evalCase);
    if (noVerifier !== null) return noVerifier;
    if (verdict === null) {
      return { outcome: 'skip', message: 'no verdict to compare (see verdict-present)' };
    }
    if (evalCase.forbiddenVerdicts.length === 0) {
      return { outcome: 'skip', message: 'the case forbids no verdicts' };
    }
    if (evalCase.forbiddenVerdicts.includes(verdict)) {
      return {
        outcome: 'fail',
        message: `verdict ${quote(verdict)} is forbidden for this case (forbidden: ${quoteList(evalCase.forbiddenVerdicts)})`,
      };
    }
    return {
      outcome: 'pass',
      message: `verdict ${quote(verdict)} is not among the forbidden verdicts ${quoteList(evalCase.forbiddenVerdicts)}`,
    };
  },
};
