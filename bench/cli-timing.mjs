import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { median, min } from './stats.mjs';

/**
 * Wall time of whole CLI processes, spawned one after another: `node <args>` in `cwd`.
 * Also the CPU time they used (user + system, from /proc/self/stat's waited-for-children
 * counters, on Linux only): on a busy machine wall time includes waiting for a core, CPU time
 * does not.
 */
export function timeProcess(args, { cwd, runs = 10, warmups = 1 }) {
  const wall = [];
  let cpuTicks = 0;
  for (let run = 0; run < warmups + runs; run += 1) {
    const ticksBefore = childCpuTicks();
    const started = process.hrtime.bigint();
    const child = spawnSync(process.execPath, args, { cwd, encoding: 'utf8' });
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    if (child.status !== 0) {
      throw new Error(`node ${args.join(' ')} exited ${child.status}:\n${child.stderr}`);
    }
    if (run < warmups) continue;
    wall.push(elapsed);
    const ticksAfter = childCpuTicks();
    if (cpuTicks !== null) cpuTicks = ticksBefore === null || ticksAfter === null ? null : cpuTicks + (ticksAfter - ticksBefore);
  }
  return {
    runs,
    minMs: min(wall),
    medianMs: median(wall),
    // USER_HZ is 100 on every mainstream Linux build: one tick = 10 ms.
    meanCpuMs: cpuTicks === null ? null : (cpuTicks * 10) / runs,
  };
}

/** cutime + cstime of this process, in clock ticks; null where /proc is not available. */
function childCpuTicks() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may contain spaces) start at field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[13]) + Number(fields[14]);
  } catch {
    return null;
  }
}

export function cliRunArgs(projectRoot, outDir) {
  return [join(projectRoot, 'dist/cli/bin.js'), 'run', '--quiet', '--out', outDir];
}
