/**
 * A copy of a JSON value with `key` applied to every object key (null leaves the entry out) and
 * `text` to every string, walked with a stack of its own rather than by recursion: a value nested
 * however deep, as the parser reads it, costs no stack. Keys are defined, not assigned, as
 * Object.fromEntries does, so a key `__proto__` stays a key.
 */
export function copyJson(
  value: unknown,
  key: (name: string) => string | null,
  text: (item: string) => string,
): unknown {
  const pending: Array<[source: Container, target: Container]> = [];
  const copy = (item: unknown): unknown => {
    if (typeof item === 'string') return text(item);
    if (typeof item !== 'object' || item === null) return item;
    const target: Container = Array.isArray(item) ? new Array<unknown>(item.length) : {};
    pending.push([item as Container, target]);
    return target;
  };
  const root = copy(value);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [source, target] = next;
    if (Array.isArray(source)) {
      for (let index = 0; index < source.length; index += 1) (target as unknown[])[index] = copy(source[index]);
      continue;
    }
    for (const [name, entry] of Object.entries(source)) {
      const copiedName = key(name);
      if (copiedName === null) continue;
      Object.defineProperty(target, copiedName, {
        value: copy(entry),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return root;
}

type Container = unknown[] | Record<string, unknown>;
