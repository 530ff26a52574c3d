import { fail, hasNoVerifier, NO_VERIFIER_MESSAGE, pass, quote, quoteList, skip } from './support.js';
import type { CheckDefinition } from './types.js';

export const verdictNotForbiddenCheck: CheckDefinition = {
  id: 'verdict-not-forbidden',
  order: 50,
  spec: ['S02', 'S73'],
  description: "The verifier's verdict is not one of the case's forbiddenVerdicts.",
  failsWhen: 'the verdict is one of `forbiddenVerdicts`',
  skippedWhen: 'no verdict, no forbidden verdicts, or the case names no `allowedVerdicts`',
  inputs: ['allowedVerdicts', 'forbiddenVerdicts'],
  messages: {
    notForbidden: 'verdict {{verdict}} is not among the forbidden verdicts {{forbidden}}',
    forbidden: 'verdict {{verdict}} is forbidden for this case (forbidden: {{forbidden}})',
    noVerdict: 'no verdict to compare (see verdict-present)',
    noForbiddenVerdicts: 'the case forbids no verdicts',
    noVerifier: NO_VERIFIER_MESSAGE,
  },
  run({ evalCase, verdict }) {
    if (hasNoVerifier(evalCase)) return skip('noVerifier');
    if (verdict === null) return skip('noVerdict');
    if (evalCase.forbiddenVerdicts.length === 0) return skip('noForbiddenVerdicts');
    const data = { verdict: quote(verdict), forbidden: quoteList(evalCase.forbiddenVerdicts) };
    return evalCase.forbiddenVerdicts.includes(verdict) ? fail('forbidden', data) : pass('notForbidden', data);
  },
};
