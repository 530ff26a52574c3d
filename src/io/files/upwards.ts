import { dirname, resolve } from 'node:path';

/** The path, resolved, then each of its parents up to the root. */
export function* upwards(path: string): Generator<string> {
  for (let current = resolve(path); ; current = dirname(current)) {
    yield current;
    if (dirname(current) === current) return;
  }
}
