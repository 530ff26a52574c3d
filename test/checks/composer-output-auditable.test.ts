import { describe } from 'vitest';

import { composerOutputAuditableCheck } from '../../src/checks/composer-output-auditable.js';
import { makeVerifierEvaluation, testCheck, verifierWithout } from './helpers.js';

const audited = { audit: { v2: false, claimChecks: false, composerOutput: true } };
const composer = (value: unknown) => ({ verifierEvaluation: makeVerifierEvaluation({ composer_output: value }) });

describe('composer-output-auditable (S29)', () => {
  testCheck(composerOutputAuditableCheck, {
    valid: [
      { name: 'S29 accepts parsed mode', case: audited, message: 'composer_output.mode is "parsed"' },
      { name: 'S29 accepts fallback mode', case: audited, trace: composer({ mode: 'fallback', reason: 'bad JSON' }) },
      { name: 'S29 accepts a mode in any case', case: audited, trace: composer({ mode: 'FALLBACK' }) },
      { name: 'S29 accepts a mode with spaces around it', case: audited, trace: composer({ mode: ' parsed\n' }) },
      {
        name: 'S29 applies under audit.v2',
        case: { audit: { v2: true, claimChecks: true, composerOutput: true } },
        trace: composer({ mode: 'Parsed' }),
      },
      {
        name: 'S29 applies under audit.v2 in a case built by hand with composerOutput false',
        case: { audit: { v2: true, claimChecks: false, composerOutput: false } },
        trace: composer({ mode: 'parsed' }),
      },
    ],
    invalid: [
      {
        name: 'S29 fails an unknown mode',
        case: audited,
        trace: composer({ mode: 'raw' }),
        message: 'selfEvaluation.verifier_evaluation.composer_output.mode is "raw"; expected mode "parsed", "fallback"',
        messageId: 'badMode',
        data: { found: '"raw"' },
      },
      {
        name: 'S29 fails a composer output without mode',
        case: audited,
        trace: composer({ fallback: true }),
        message: 'composer_output.mode is missing',
        messageId: 'badMode',
        data: { found: 'missing' },
      },
      {
        name: 'S29 fails a mode that is not a string',
        case: audited,
        trace: composer({ mode: 1 }),
        message: 'composer_output.mode is 1',
        messageId: 'badMode',
        data: { found: '1' },
      },
      {
        name: 'S29 fails when composer_output is absent',
        case: audited,
        trace: { verifierEvaluation: verifierWithout('composer_output') },
        message: 'composer_output is missing; expected mode "parsed", "fallback"',
        messageId: 'missing',
        data: { found: 'missing' },
      },
      {
        name: 'S29 fails when composer_output is null',
        case: audited,
        trace: composer(null),
        message: 'composer_output is null',
        messageId: 'missing',
        data: { found: 'null' },
      },
      {
        name: 'S29 fails when composer_output is not an object',
        case: audited,
        trace: composer('parsed'),
        message: 'composer_output is "parsed", expected an object',
        messageId: 'notObject',
        data: { found: '"parsed"' },
      },
      {
        name: 'S29 fails without a verifier evaluation',
        case: audited,
        trace: { verifierEvaluation: null },
        message: 'composer_output is missing',
        messageId: 'missing',
        data: { found: 'missing' },
      },
    ],
    skipped: [
      {
        name: 'S29 skips a case without composer-output audit',
        trace: composer({ mode: 'raw' }),
        message: 'composer-output audit is off',
      },
    ],
  });
});
