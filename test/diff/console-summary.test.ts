import { describe, expect, it } from 'vitest';
import { printDiffSummary } from '../../src/cli/actions/diff.js';
import { compareReports } from '../../src/diff/compare.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { makeCaseResult, makeReport } from './helpers.js';

/** `count` cases that each go from passed to failing one check, and one that gets better. */
function diffOf(count: number) {
  const ids = Array.from({ length: count }, (_, index) => `case-${String(index + 1).padStart(2, '0')}`);
  return compareReports(
    makeReport([
      ...ids.map((caseId) => makeCaseResult({ caseId })),
      makeCaseResult({ caseId: 'mended', outcomes: { 'verdict-allowed': 'fail' } }),
    ]),
    makeReport([
      ...ids.map((caseId) => makeCaseResult({ caseId, outcomes: { 'verdict-allowed': 'fail' } })),
      makeCaseResult({ caseId: 'mended' }),
    ]),
  );
}

describe("diff's and check's console summary (S25)", () => {
  it('S25 prints every item, regressions first, with regressions counted per case', () => {
    const fake = createFakeIo({ cwd: '/work' });
    printDiffSummary(fake.io, diffOf(2), ['/work/eval-out/diff.json', '/work/eval-out/diff.md']);
    expect(fake.stdout()).toBe(
      [
        'diag-eval diff: regressed: 2 cases regressed (5 regression items), 2 improvements, 0 changes',
        '  regression  passRate fell from 0.6667 to 0.3333 (-0.3333)',
        '  regression  case-01: status went from passed to failed; failing checks: verdict-allowed',
        '  regression  case-01: check verdict-allowed now fails: verdict-allowed message',
        '  regression  case-02: status went from passed to failed; failing checks: verdict-allowed',
        '  regression  case-02: check verdict-allowed now fails: verdict-allowed message',
        '  improvement mended: status went from failed to passed',
        '  improvement mended: check verdict-allowed now passes (it failed in the baseline)',
        '',
      ].join('\n'),
    );
  });

  it('S25 beyond 20 items: the first 20, then how many more and where they are', () => {
    const fake = createFakeIo({ cwd: '/work' });
    printDiffSummary(fake.io, diffOf(12), ['/work/eval-out/diff.json', '/work/eval-out/diff.md']);
    const lines = fake.stdout().trimEnd().split('\n');
    expect(lines[0]).toBe(
      'diag-eval diff: regressed: 12 cases regressed (25 regression items), 2 improvements, 0 changes',
    );
    expect(lines).toHaveLength(22);
    expect(lines.slice(1, 21).every((line) => line.startsWith('  regression  '))).toBe(true);
    expect(lines[21]).toBe('  and 7 more, see eval-out/diff.md');
  });
});
