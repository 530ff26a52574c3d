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
      let redacted = false;
      const deep = (item: unknown): unknown => {
        if (typeof item === 'string') {
          const cleaned = text(item);
          if (cleaned !== item) redacted = true;
          return cleaned;
        }
        if (Array.isArray(item)) return item.map(deep);
        if (typeof item === 'object' && item !== null) {
          return Object.fromEntries(Object.entries(item).map(([key, entry]) => [deep(key) as string, deep(entry)]));
        }
        return item;
      };
      const cleaned = deep(value);
      return redacted ? { value: cleaned, redacted } : { value, redacted };
    },
  };
}

/** `Bearer abc…`: the credential after an auth scheme is as secret as the whole value, and echoed alone more often. */
function secretForms(value: string): string[] {
  const scheme = /^[A-Za-z][A-Za-z0-9._~+/-]*\s+(\S.*)$/u.exec(value.trim());
  return scheme?.[1] === undefined ? [value.trim()] : [value.trim(), scheme[1]];
}
