import {
  describeValue,
  isMissing,
  isRecord,
  plural,
  quote,
  VERIFIER_PATH,
  verdictIs,
  verifierField,
  withoutVerifier,
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
  run(context) {
    const noVerifier = withoutVerifier(context.evalCase);
    if (noVerifier !== null) return noVerifier;
    const gatekeeper = verifierField(context, 'gatekeeper_result');
    if (isMissing(gatekeeper)) {
      return {
        outcome: 'skip',
        message: `no gatekeeper result (${VERIFIER_PATH}.gatekeeper_result is ${describeValue(gatekeeper)})`,
      };
    }
    if (!isRecord(gatekeeper)) {
      return {
        outcome: 'skip',
        message: `no usable gatekeeper result: ${VERIFIER_PATH}.gatekeeper_result is ${describeValue(gatekeeper)}, expected an object`,
      };
    }
    if (context.verdict === null) {
      return { outcome: 'skip', message: 'no verdict to compare with the gatekeeper result (see verdict-present)' };
    }
    const status = gatekeeper['status'];
    const failed = typeof status === 'string' && status.toLowerCase() === GATEKEEPER_FAIL;
    const passVerdict = context.contract.passVerdict.toUpperCase();
    if (failed && verdictIs(context, passVerdict)) {
      const violations = gatekeeper['violations'];
      const violationNote = Array.isArray(violations) ? ` with ${plural(violations.length, 'violation')}` : '';
      return {
        outcome: 'fail',
        message: `gatekeeper_result.status is ${quote(status)}${violationNote} but the verdict is ${quote(passVerdict)}; a gatekeeper failure cannot pass verification`,
      };
    }
    return {
      outcome: 'pass',
      message: `gatekeeper status ${describeValue(status)} is consistent with verdict ${quote(context.verdict)}`,
    };
  },
};
