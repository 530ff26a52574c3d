import {
  describeValue,
  enumeratedValue,
  fail,
  isMissing,
  isRecord,
  pass,
  quote,
  skip,
  verifierField,
} from './support.js';
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
    // audit.v2 implies the composer audit (docs/contract.md §2); honoured here too for a case the library's caller builds.
    if (!audit.composerOutput && !audit.v2) return skip('auditOff');
    const composerOutput = verifierField(context, 'composer_output');
    if (!isRecord(composerOutput)) {
      return fail(isMissing(composerOutput) ? 'missing' : 'notObject', { found: describeValue(composerOutput) });
    }
    const mode = composerOutput['mode'];
    if (typeof mode !== 'string' || !COMPOSER_MODES.includes(enumeratedValue(mode) ?? '')) {
      return fail('badMode', { found: describeValue(mode) });
    }
    return pass('recorded', { mode: quote(mode) });
  },
};
