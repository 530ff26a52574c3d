import { quote, quoteList, withoutVerifier } from './support.js';
import type { CheckDefinition } from './types.js';

export const verdictAllowedCheck: CheckDefinition = {
  id: 'verdict-allowed',
  order: 40,
  spec: ['S04', 'S73'],
  description: "The verifier's verdict is one of the case's allowedVerdicts.",
  failsWhen: 'the verdict is not one of `allowedVerdicts`',
  skippedWhen: 'no verdict, or the case names no `allowedVerdicts`',
  run({ evalCase, verdict }) {
    const noVerifier = withoutVerifier(evalCase);
    if (noVerifier !== null) return noVerifier;
    if (verdict === null) {
      return { outcome: 'skip', message: 'no verdict to compare (see verdict-present)' };
    }
    if (!evalCase.allowedVerdicts.includes(verdict)) {
      return {
        outcome: 'fail',
        message: `verdict ${quote(verdict)} is not one of the allowed verdicts ${quoteList(evalCase.allowedVerdicts)}`,
      };
    }
    return { outcome: 'pass', message: `verdict ${quote(verdict)} is allowed` };
  },
};
