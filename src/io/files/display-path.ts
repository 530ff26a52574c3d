import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The form in which a path is printed or written into a report: relative to the working
 * directory, with `/`, so that reports do not depend on where the repository is checked out.
 */
export function displayPath(path: string, cwd: string = process.cwd()): string {
  const relativePath = relative(cwd, resolve(cwd, path)) || '.';
  return sep === '/' ? relativePath : relativePath.split(sep).join('/');
}

/**
 * A path as the console shows it: relative to the working directory when it is inside it, else
 * as the absolute path the user gave (`/tmp/out/report.json`, not `../../../tmp/out/report.json`).
 * Reports keep displayPath, which never holds an absolute path.
 */
export function consolePath(path: string, cwd: string = process.cwd()): string {
  const shown = displayPath(path, cwd);
  if (shown !== '..' && !shown.startsWith('../')) return shown;
  const absolute = isAbsolute(path) ? path : resolve(cwd, path);
  return sep === '/' ? absolute : absolute.split(sep).join('/');
}
