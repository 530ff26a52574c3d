/**
 * `node bench/scan.mjs [COUNT…]` (after `npm run build`): throughput and peak memory of
 * `diag-eval scan` over folders of synthetic traces (~5 KB each, the generator of `npm run bench`),
 * by default 10,000 and 100,000. Each scan runs in a fresh process; peak memory is its maximum
 * resident set size (getrusage). Figures are printed, never asserted: memory should stay flat
 * as the count grows tenfold. `SCAN_NODE_FLAGS=--max-old-space-size=40` runs the scans under a
 * small heap limit, which they complete only if memory is bounded.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateFixtureSet } from './synthetic-fixtures.mjs';

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(PROJECT_ROOT, 'dist/cli/bin.cjs');
const counts = process.argv
  .slice(2)
  .map(Number)
  .filter((count) => count > 0);

const POLICIES = `policies:
  forbiddenConfirmedClaims: ["database is down", "数据库宕机"]
  budget: { maxToolCalls: 6, maxDurationMs: 60000 }
  audit: { v2: true }
`;

/** Runs the scan in a child that reports its own wall time and maximum RSS. */
const CHILD = `
const started = performance.now();
process.argv = [process.argv[0], ${JSON.stringify(BIN)}, ...JSON.parse(process.env.SCAN_ARGS)];
await import(${JSON.stringify(BIN)});
process.on('exit', () => {
  process.stderr.write('\\nBENCH ' + JSON.stringify({ ms: performance.now() - started, maxRssKb: process.resourceUsage().maxRSS }) + '\\n');
});
`;

for (const count of counts.length > 0 ? counts : [10_000, 100_000]) {
  const dir = mkdtempSync(join(tmpdir(), 'diag-eval-scan-bench-'));
  try {
    generateFixtureSet(dir, count, count);
    writeFileSync(join(dir, 'policies.yaml'), POLICIES);
    const args = [
      'scan',
      '--fixtures',
      join(dir, 'fixtures'),
      '--policies',
      join(dir, 'policies.yaml'),
      '--out',
      join(dir, 'out'),
      '--quiet',
    ];
    // SCAN_NODE_FLAGS, e.g. --max-old-space-size=40, goes to the scanning process only: a scan that completes under a small heap limit proves memory bounded.
    const nodeFlags = (process.env['SCAN_NODE_FLAGS'] ?? '').split(' ').filter((flag) => flag !== '');
    const child = spawnSync(process.execPath, [...nodeFlags, '--input-type=module', '-e', CHILD], {
      env: { ...process.env, SCAN_ARGS: JSON.stringify(args) },
      encoding: 'utf8',
      cwd: dir,
    });
    const line = child.stderr.split('\n').find((text) => text.startsWith('BENCH '));
    if (line === undefined) throw new Error(`scan did not report: ${child.stderr}`);
    const { ms, maxRssKb } = JSON.parse(line.slice(6));
    const rate = Math.round(count / (ms / 1000));
    process.stdout.write(
      `scan ${count.toLocaleString('en')} traces: ${(ms / 1000).toFixed(1)} s, ${rate.toLocaleString('en')} traces/s, peak RSS ${(maxRssKb / 1024).toFixed(0)} MB (exit ${child.status})\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
