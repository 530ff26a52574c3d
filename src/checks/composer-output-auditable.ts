import { describeValue, isMissing, isRecord, quote, verifierField } from './support.js';
import type { CheckDefinition } from './types.js';

const COMPOSER_MODES = ['parsed', 'fallback'];

export const composerOutputAuditableCheck: CheckDefinition = {
  id: 'composer-output-auditable',
  order: 120,
  spec: ['S29'],
  description: 'composer_output.mode records whether parsed output or fallback rendering was used.',
  failsWhen: '`composer_output.mode` is not `parsed` or `fallback`',
  skippedWhen: '`audit.composerOutput` off',
  inputs: ['audit.composerOutput', 'audit.v2'],
  messages: {
    recorded: 'composer_output.mode is {{mode}}',
    missing: 'selfEvaluation.verifier_evaluation.composer_output is {{found}}; expected mode "parsed", "fallback"',
    notObject:
      'selfEvaluation.verifier_evaluation.composer_output is {{found}}, expected an object with mode "parsed", "fallback"',
    badMode: 'selfEvaluation.verifier_evaluation.composer_output.mode is {{found}}; expected mode "parsed", "fallback"',
    auditOff: 'composer-output audit is off for this case (audit.composerOutput)',
  },
  run(context) {
    const { audit } = context.evalCase;
    // audit.v2 implies the composer audit (docs/contract.md §2); honoured here too in case a caller builds the case by hand.
    if (!audit.composerOutput && !audit.v2) return { outcome: 'skip', messageId: 'auditOff' };
    const composerOutput = verifierField(context, 'composer_output');
    if (isMissing(composerOutput)) {
      return { outcome: 'fail', messageId: 'missing', data: { found: describeValue(composerOutput) } };
    }
    if (!isRecord(composerOutput)) {
      return { outcome: 'fail', messageId: 'notObject', data: { found: describeValue(composerOutput) } };
    }
    const mode = composerOutput['mode'];
    if (typeof mode !== 'string' || !COMPOSER_MODES.includes(mode.toLowerCase())) {
      return { outcome: 'fail', messageId: 'badMode', data: { found: describeValue(mode) } };
    }
    return { outcome: 'pass', messageId: 'recorded', data: { mode: quote(mode) } };
  },
};
