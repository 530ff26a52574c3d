import { describe, expect, it } from 'vitest';
import { assertGatingOnly, EVALUATION_FLAGS } from '../../src/cli/actions/check.js';
import { LIVE_ONLY_FLAGS } from '../../src/cli/commands/shared-flags.js';
import { InputError } from '../../src/io/errors.js';

/** A value of the kind the flag takes, as the argument parser gives it. */
function flagValue(flag: string): string | boolean | string[] {
  if (flag === 'ask') return true;
  if (flag === 'header') return ['X-Team: sre'];
  return '1';
}

describe('check --report refuses every flag that chooses what to evaluate (S58)', () => {
  it.each([...EVALUATION_FLAGS])('S58: --report with --%s is exit 2 naming the flag', (flag) => {
    let thrown: unknown;
    try {
      assertGatingOnly({ report: 'merged/report.json', [flag]: flagValue(flag) }, []);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InputError);
    expect((thrown as InputError).message).toContain(`found --${flag}, which chooses what to evaluate`);
  });

  it('S58: every live-mode flag is among them, --max-body-mb included', () => {
    for (const flag of LIVE_ONLY_FLAGS) expect(EVALUATION_FLAGS).toContain(flag);
    expect(EVALUATION_FLAGS).toContain('max-body-mb');
  });

  it('S58: the gating flags alone pass', () => {
    expect(() =>
      assertGatingOnly(
        { report: 'merged/report.json', baseline: 'base/report.json', out: 'gate', format: 'json', quiet: true },
        [],
      ),
    ).not.toThrow();
  });
});
