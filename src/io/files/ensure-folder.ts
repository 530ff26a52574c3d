import { mkdir, stat } from 'node:fs/promises';
import { upwards } from './upwards.js';

/**
 * Makes a folder and its missing parents, one level at a time. Not `mkdir(…, { recursive: true })`:
 * under a virtual file system that refuses new entries (/proc) node's recursive mkdir retries for
 * ever; here the refusal is thrown. A file in the way is ENOTDIR / EEXIST, thrown as such.
 */
export async function ensureFolder(folder: string): Promise<void> {
  const missing: string[] = [];
  for (const current of upwards(folder)) {
    const stats = await stat(current).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (stats !== null) {
      if (!stats.isDirectory())
        throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${current}'`), {
          code: 'ENOTDIR',
          syscall: 'mkdir',
          path: current,
        });
      break;
    }
    missing.push(current);
  }
  for (const path of missing.reverse()) {
    await mkdir(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
}
