import { quote, quoteList } from './support.js';
import type { CheckDefinition } from './types.js';

export const verdictAllowedCheck: CheckDefinition = {
  id: 'verdict-allowed',
  order: 40,
  spec: ['S04'],
  description: "The verifier's verdict is one of the case's allowedVerdicts.",
  failsWhen: 'the verdict is not one of `allowedVerdicts`',
  skippedWhen: 'no verdict',
  run({ evalCase, verdict }) {
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
