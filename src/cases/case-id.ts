/**
 * What a case id may be: letters, digits, `.`, `_` and `-`, starting with a letter or digit. Its
 * own module, so that the quick check (quick-validate.ts) reads it without loading the schemas.
 */
export const CASE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/u;
