import { fail, hasNoVerifier, NO_VERIFIER_MESSAGE, pass, quote, quoteList, skip } from './support.js';
import type { CheckDefinition } from './types.js';

export const verdictAllowedCheck: CheckDefinition = {
  id: 'verdict-allowed',
  order: 40,
  spec: ['S04', 'S73'],
  description: "The verifier's verdict is one of the case's allowedVerdicts.",
  failsWhen: 'the verdict is not one of `allowedVerdicts`',
  skippedWhen: 'no verdict, or the case names no `allowedVerdicts`',
  inputs: ['allowedVerdicts'],
  messages: {
    allowed: 'verdict {{verdict}} is allowed',
    notAllowed: 'verdict {{verdict}} is not one of the allowed verdicts {{allowed}}',
    noVerdict: 'no verdict to compare (see verdict-present)',
    noVerifier: NO_VERIFIER_MESSAGE,
  },
  run({ evalCase, verdict }) {
    if (hasNoVerifier(evalCase)) return skip('noVerifier');
    if (verdict === null) return skip('noVerdict');
    if (!evalCase.allowedVerdicts.includes(verdict)) {
      return fail('notAllowed', { verdict: quote(verdict), allowed: quoteList(evalCase.allowedVerdicts) });
    }
    return pass('allowed', { verdict: quote(verdict) });
  },
};
