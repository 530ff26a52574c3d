import { isAbsolute, relative, sep } from 'node:path';

/** Whether `path` lies inside `folder` (both real or both as written), below it and not the folder itself. */
export function liesInside(folder: string, path: string): boolean {
  const inside = relative(folder, path);
  return inside !== '' && inside !== '..' && !inside.startsWith(`..${sep}`) && !isAbsolute(inside);
}
