import { describeValue, isMissing, isRecord, quote, quoteList, VERIFIER_PATH, verifierField } from './support.js';
import type { CheckDefinition } from './types.js';

const COMPOSER_MODES = ['parsed', 'fallback'];

export const composerOutputAuditableCheck: CheckDefinition = {
  id: 'composer-output-auditable',
  order: 120,
  spec: ['S29'],
  description: 'composer_output.mode records whether parsed output or fallback rendering was used.',
  failsWhen: '`composer_output.mode` is not `parsed` or `fallback`',
  skippedWhen: '`audit.composerOutput` off',
  run(context) {
    const { audit } = context.evalCase;
    // audit.v2 implies the composer audit (docs/contract.md §2); honoured here too in case a caller builds the case by hand.
    if (!audit.composerOutput && !audit.v2) {
      return { outcome: 'skip', message: 'composer-output audit is off for this case (audit.composerOutput)' };
    }
    const expected = `expected mode ${quoteList(COMPOSER_MODES)}`;
    const composerOutput = verifierField(context, 'composer_output');
    if (isMissing(composerOutput)) {
      return {
        outcome: 'fail',
        message: `${VERIFIER_PATH}.composer_output is ${describeValue(composerOutput)}; ${expected}`,
      };
    }
    if (!isRecord(composerOutput)) {
      return {
        outcome: 'fail',
        message: `${VERIFIER_PATH}.composer_output is ${describeValue(composerOutput)}, expected an object with mode ${quoteList(COMPOSER_MODES)}`,
      };
    }
    const mode = composerOutput['mode'];
    if (typeof mode !== 'string' || !COMPOSER_MODES.includes(mode.toLowerCase())) {
      return {
        outcome: 'fail',
        message: `${VERIFIER_PATH}.composer_output.mode is ${describeValue(mode)}; ${expected}`,
      };
    }
    return { outcome: 'pass', message: `composer_output.mode is ${quote(mode)}` };
  },
};
