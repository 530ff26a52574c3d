/**
 * Keeps `--header` values out of everything the harness writes or prints. Reasons are built
 * without header values to begin with; this catches what a service sends back: a trace or an
 * error body that echoes the caller's token. Values shorter than MIN_SECRET_LENGTH are left
 * alone, since a value such as `1` or `json` would otherwise be cut out of ordinary text.
 */
export const REDACTED = '[redacted]';
const MIN_SECRET_LENGTH = 6;

export interface Redactor {
  text(text: string): string;
  /** A JSON value with every secret taken out of its strings and keys; the same value when there was none. */
  json(value: unknown): { value: unknown; redacted: boolean };
}

export function createRedactor(values: string[]): Redactor {
  const secrets = [...new Set(values.flatMap(secretForms))]
    .filter((secret) => secret.length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b.length - a.length);

  function text(input: string): string {
    let output = input;
    for (const secret of secrets) output = output.split(secret).join(REDACTED);
    return output;
  }

  return {
    text,
    json(value) {
      if (secrets.length === 0) return { value, redacted: false };
      return redactDeep(value, text);
    },
  };
}

type Container = unknown[] | Record<string, unknown>;

/**
 * A copy of a JSON value with `text` applied to every string and key, walked with a stack of its
 * own rather than by recursion: a trace nested as deeply as the parser reads is evaluated without
 * a `--header`, so it must be with one. The same value when nothing was cut out.
 */
function redactDeep(value: unknown, text: (input: string) => string): { value: unknown; redacted: boolean } {
  let redacted = false;
  const pending: Array<[source: Container, target: Container]> = [];
  const copy = (item: unknown): unknown => {
    if (typeof item === 'string') {
      const cleaned = text(item);
      if (cleaned !== item) redacted = true;
      return cleaned;
    }
    if (typeof item !== 'object' || item === null) return item;
    const target: Container = Array.isArray(item) ? new Array<unknown>(item.length) : {};
    pending.push([item as Container, target]);
    return target;
  };
  const cleaned = copy(value);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [source, target] = next;
    if (Array.isArray(source)) {
      for (let index = 0; index < source.length; index += 1) (target as unknown[])[index] = copy(source[index]);
      continue;
    }
    // Defined, not assigned, as Object.fromEntries does: a key `__proto__` stays a key.
    for (const [key, entry] of Object.entries(source))
      Object.defineProperty(target, copy(key) as string, {
        value: copy(entry),
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return redacted ? { value: cleaned, redacted } : { value, redacted };
}

/** `Bearer abc…`: the credential after an auth scheme is as secret as the whole value, and echoed alone more often. */
function secretForms(value: string): string[] {
  const scheme = /^[A-Za-z][A-Za-z0-9._~+/-]*\s+(\S.*)$/u.exec(value.trim());
  return scheme?.[1] === undefined ? [value.trim()] : [value.trim(), scheme[1]];
}
