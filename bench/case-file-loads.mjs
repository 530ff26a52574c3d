/**
 * Reading a 10,000-case file alone as run reads it (read, parse, validate), from JSON and from YAML,
 * against the read+JSON.parse floor of the JSON one, and the same files with one mistake in the
 * last case against the valid ones: the case-file rows of `npm run bench` (section [2]) without
 * its fixtures run, so they can be measured often and beside another build:
 *
 *   npm run build && node bench/case-file-loads.mjs [REFERENCE_DIST_DIR] [ROUNDS]
 *
 * Each figure is taken by bench/measure-worker.mjs as `npm run bench` takes it (a fresh process,
 * 1 warm-up, 7 loads each timed in turns with the case-file floor, the median of their ratios),
 * and the builds are measured in turns.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureInChild } from './measure.mjs';
import { generateFixtureSet, withMistakeInLastCase } from './synthetic-fixtures.mjs';

const THIS_DIST = fileURLToPath(new URL('../dist', import.meta.url));
const builds = { 'this build': THIS_DIST };
if (process.argv[2] !== undefined) builds.reference = resolve(process.argv[2]);
const rounds = Number(process.argv[3] ?? 2);

const dir = mkdtempSync(join(tmpdir(), 'diag-eval-case-loads-'));
try {
  const set = generateFixtureSet(dir, 10_000, 10_000);
  const broken = withMistakeInLastCase(set);
  for (let round = 1; round <= rounds; round += 1) {
    console.log(`round ${round}, load average ${loadavg()[0].toFixed(2)}`);
    for (const [name, distDir] of Object.entries(builds)) {
      for (const format of ['json', 'yaml']) {
        const valid = measureInChild('load-cases', set, { casesFormat: format, distDir, reps: 7 });
        const invalid = measureInChild('load-cases', broken, { casesFormat: format, distDir, reps: 7 });
        console.log(
          `  ${name}, cases.${format}: load ${valid.wallMs.toFixed(0)} ms = ${valid.floorRatio.toFixed(2)}x ` +
            `the floor (${valid.floorMs.toFixed(0)} ms, goal ${format === 'json' ? '2' : '3'}x), peak RSS ` +
            `${(valid.maxRss / 1048576).toFixed(0)} MB; one mistake at the end ${invalid.wallMs.toFixed(0)} ms = ` +
            `${(invalid.floorRatio / valid.floorRatio).toFixed(2)}x the valid file (goal 1.5x), peak RSS ${(invalid.maxRss / 1048576).toFixed(0)} MB`,
        );
      }
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
