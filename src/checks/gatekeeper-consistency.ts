import {
  describeValue,
  enumeratedValue,
  fail,
  hasNoVerifier,
  isMissing,
  isRecord,
  NO_VERIFIER_MESSAGE,
  pass,
  plural,
  quote,
  skip,
  verdictIs,
  verifierField,
} from './support.js';
import type { CheckDefinition } from './types.js';

const GATEKEEPER_FAIL = 'fail';

export const gatekeeperConsistencyCheck: CheckDefinition = {
  id: 'gatekeeper-consistency',
  order: 100,
  spec: ['S27', 'S73'],
  description: 'A trace whose gatekeeper_result.status is fail does not carry the pass verdict.',
  failsWhen: '`gatekeeper_result.status` is `fail` and the verdict is `contract.passVerdict`',
  skippedWhen: 'no gatekeeper result, no verdict, or the case names no `allowedVerdicts`',
  scanByDefault: true,
  inputs: ['allowedVerdicts'],
  messages: {
    consistent: 'gatekeeper status {{status}} is consistent with verdict {{verdict}}',
    failedButPassed:
      'gatekeeper_result.status is {{status}}{{violations}} but the verdict is {{verdict}}; a gatekeeper failure cannot pass verification',
    noGatekeeper: 'no gatekeeper result (selfEvaluation.verifier_evaluation.gatekeeper_result is {{found}})',
    notObject:
      'no usable gatekeeper result: selfEvaluation.verifier_evaluation.gatekeeper_result is {{found}}, expected an object',
    noVerdict: 'no verdict to compare with the gatekeeper result (see verdict-present)',
    noVerifier: NO_VERIFIER_MESSAGE,
  },
  run(context) {
    if (hasNoVerifier(context.evalCase)) return skip('noVerifier');
    const gatekeeper = verifierField(context, 'gatekeeper_result');
    if (!isRecord(gatekeeper)) {
      return skip(isMissing(gatekeeper) ? 'noGatekeeper' : 'notObject', { found: describeValue(gatekeeper) });
    }
    if (context.verdict === null) return skip('noVerdict');
    const status = gatekeeper['status'];
    // Read as audit-consistency reads it: a status that check accepts as `fail` is a failure here too.
    const failed = typeof status === 'string' && enumeratedValue(status) === GATEKEEPER_FAIL;
    const passVerdict = context.contract.passVerdict.toUpperCase();
    if (failed && verdictIs(context, passVerdict)) {
      const list = gatekeeper['violations'];
      const violations = Array.isArray(list) ? ` with ${plural(list.length, 'violation')}` : '';
      return fail('failedButPassed', { status: quote(status), violations, verdict: quote(passVerdict) });
    }
    return pass('consistent', { status: describeValue(status), verdict: quote(context.verdict) });
  },
};
