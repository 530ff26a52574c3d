import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- the bench scripts are plain ESM JavaScript without type declarations
import { benchDiff } from '../../bench/diff.mjs';
// @ts-expect-error -- as above
import { benchImport } from '../../bench/import.mjs';
// @ts-expect-error -- as above
import { measureInChild } from '../../bench/measure.mjs';
// @ts-expect-error -- as above
import { benchMutation } from '../../bench/mutate.mjs';
// @ts-expect-error -- as above
import { generateFixtureSet } from '../../bench/synthetic-fixtures.mjs';

/**
 * `npm run bench` is run by hand, so a script that no longer fits the build fails nowhere else:
 * each is run here at a size that takes seconds, and must return figures. Timings are not judged.
 */
const dir = mkdtempSync(join(tmpdir(), 'diag-eval-bench-scripts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const silent = () => undefined;

function expectFigure(value: unknown): void {
  expect(typeof value).toBe('number');
  expect(Number.isFinite(value) && (value as number) > 0).toBe(true);
}

describe('the bench scripts still run against the build', () => {
  const set = generateFixtureSet(join(dir, 'set'), 40, 7);

  it.each(['floor', 'harness', 'evaluation'] as const)('measures the %s of a generated set', (mode) => {
    const measured = measureInChild(mode, set, { casesFormat: 'json', warmups: 0, reps: 1 });
    expect(measured.items).toBe(40);
    expectFigure(measured.wallMs);
    expectFigure(measured.maxRss);
    if (mode === 'evaluation') expectFigure(measured.floorRatio);
  });

  it('benches the diff of two reports', () => {
    const rows = benchDiff(silent, 30);
    expect(rows).toHaveLength(1);
    expect(rows[0][1]).toMatch(/^\d+ ms = \d+\.\d\dx read\+JSON\.parse/u);
  });

  it('benches the import of an OTLP export', async () => {
    const figures = await benchImport({ targetBytes: 200_000, log: silent, large: false });
    expect(figures.traces).toBeGreaterThan(0);
    expectFigure(figures.floorRatio);
    expectFigure(figures.peakRssMB);
  });

  it('benches mutate on the bundled suite and on generated cases', async () => {
    const rows = await benchMutation(silent, [10], 2);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row[1]).toMatch(/^[\d,]+ mutants\/s$/u);
  });
});
