/**
 * The pieces of the plain-code checks that stand in for a zod schema on the happy path
 * (cases/quick-validate.ts, config/quick-config.ts): a check walks the value and calls `unsure()`
 * as soon as it meets anything it cannot vouch for, and `sure` runs one and says whether it got
 * to the end. zod then decides, and words the problems, for whatever a check was unsure of.
 */

/** Thrown from deep inside a check to leave it in one step; never escapes this module. */
const UNSURE = Symbol('unsure');

export function unsure(): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- a private sentinel, caught in `sure`
  throw UNSURE;
}

/** Whether `check` vouches for `value` (it returned without calling `unsure`). */
export function sure<T>(check: (value: T) => void, value: T): boolean {
  try {
    check(value);
    return true;
  } catch (error) {
    if (error === UNSURE) return false;
    throw error;
  }
}

export type Plain = Record<string, unknown>;

/** A plain object (made by JSON.parse, a YAML parser or an object literal); anything else is left to zod. */
export function plainObject(value: unknown): Plain {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) unsure();
  if (Object.getPrototypeOf(value) !== Object.prototype) unsure();
  return value as Plain;
}

/** `checks:` (in a case file or the config), a record whose values the loader checks. */
export function severityBlock(value: unknown): void {
  const object = plainObject(value);
  for (const key of Object.keys(object)) {
    if (key === '__proto__' || key === 'constructor' || object[key] === undefined) unsure();
  }
}
