import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { median, min } from './stats.mjs';

/**
 * Several commands timed in turns (a, b, c, a, b, c, …) rather than one after another, so that
 * a change in the machine's load falls on all of them alike: median and min wall time of each.
 */
export function timeInterleaved(commands, { cwd, runs = 10, warmups = 1 }) {
  const wall = commands.map(() => []);
  for (let run = 0; run < warmups + runs; run += 1) {
    commands.forEach(({ args }, index) => {
      const started = process.hrtime.bigint();
      const child = spawnSync(process.execPath, args, { cwd, encoding: 'utf8' });
      const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
      if (child.status !== 0) throw new Error(`node ${args.join(' ')} exited ${child.status}:\n${child.stderr}`);
      if (run >= warmups) wall[index].push(elapsed);
    });
  }
  return commands.map(({ label }, index) => ({ label, runs, minMs: min(wall[index]), medianMs: median(wall[index]) }));
}

export function cliRunArgs(projectRoot, outDir) {
  return [join(projectRoot, 'dist/cli/bin.cjs'), 'run', '--quiet', '--out', outDir];
}
