import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The form in which a path is printed or written into a report: relative to the working
 * directory, with `/`, so that reports do not depend on where the repository is checked out.
 */
export function displayPath(path: string, cwd: string = process.cwd()): string {
  const absolute = isAbsolute(path) ? path : resolve(cwd, path);
  const relativePath = relative(cwd, absolute) || '.';
  return sep === '/' ? relativePath : relativePath.split(sep).join('/');
}
