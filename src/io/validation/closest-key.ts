/**
 * Typo suggestions for unknown keys and flags. Apart from the structured-file reader so that
 * parsing the command line does not load the YAML parser.
 */

/**
 * The known key closest to `key` by edit distance, when it is close enough to be a typo of it. A
 * key that shares no letter with a candidate in place (its distance is the longer one's length:
 * `x` or `问题` from `id`) is no typo of it, however short both are.
 */
export function closestKey(key: string, knownKeys: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Math.max(2, Math.floor(key.length / 3)) + 1;
  for (const candidate of knownKeys) {
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance && distance < Math.max(key.length, candidate.length)) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
