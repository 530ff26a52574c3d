import { copyJson } from '../../io/json/copy-json.js';

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

/**
 * A copy of a JSON value with `text` applied to every string and key (copyJson, which needs no
 * stack: a trace nested as deeply as the parser reads is evaluated without a `--header`, so it
 * must be with one). The same value when nothing was cut out.
 */
function redactDeep(value: unknown, text: (input: string) => string): { value: unknown; redacted: boolean } {
  let redacted = false;
  const clean = (item: string): string => {
    const cleaned = text(item);
    if (cleaned !== item) redacted = true;
    return cleaned;
  };
  const cleaned = copyJson(value, clean, clean);
  return redacted ? { value: cleaned, redacted } : { value, redacted };
}

/** `Bearer abc…`: the credential after an auth scheme is as secret as the whole value, and echoed alone more often. */
function secretForms(value: string): string[] {
  const scheme = /^[A-Za-z][A-Za-z0-9._~+/-]*\s+(\S.*)$/u.exec(value.trim());
  return scheme?.[1] === undefined ? [value.trim()] : [value.trim(), scheme[1]];
}
