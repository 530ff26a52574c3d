// Buys: a large report.json (read by diff, check and merge) or case file checked without zod's copy of every object and its issue list.
import type * as z from 'zod/mini';
import { isRecord as isPlainObject } from './is-record.js';

/**
 * A fast yes/no test compiled from a zod/mini schema: `true` only for a value the schema accepts.
 * A schema part it does not know answers `false`, so the caller falls back to zod, whose answer
 * and messages stay the reference: the test may send a valid value to zod, never let an invalid
 * one through. With `exact`, `true` also says that zod would return the value itself unchanged,
 * so the caller may use it as the schema's data: no key zod would drop, no text it would rewrite
 * (a trim), only plain objects, no `__proto__` or `constructor` key, no key holding `undefined`.
 */
export type Acceptor = (value: unknown) => boolean;

export function compileAcceptor(schema: z.ZodMiniType, options: { exact?: boolean } = {}): Acceptor {
  return compileNode(schema, options.exact === true);
}

const never: Acceptor = () => false;

interface NodeDef {
  type: string;
  checks?: readonly { _zod: { def: CheckDef } }[];
  format?: string;
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  shape?: Record<string, z.ZodMiniType>;
  catchall?: z.ZodMiniType;
  options?: readonly z.ZodMiniType[];
  entries?: Record<string, unknown>;
  values?: readonly unknown[];
  keyType?: z.ZodMiniType;
  valueType?: z.ZodMiniType;
  fn?: (value: unknown) => unknown;
}

interface CheckDef {
  check: string;
  format?: string;
  minimum?: number;
  value?: number;
  inclusive?: boolean;
  pattern?: RegExp;
  tx?: (value: unknown) => unknown;
}

function defOf(schema: z.ZodMiniType): NodeDef {
  return (schema as unknown as { _zod: { def: NodeDef } })._zod.def;
}

function compileNode(schema: z.ZodMiniType, exact: boolean): Acceptor {
  const def = defOf(schema);
  const base = compileBase(def, exact);
  const checks = (def.checks ?? [])
    .filter((check) => check._zod.def.check !== 'describe')
    .map((check) => compileCheck(check._zod.def));
  if (checks.length === 0) return base;
  return (value) => {
    if (!base(value)) return false;
    for (const check of checks) if (!check(value)) return false;
    return true;
  };
}

function compileBase(def: NodeDef, exact: boolean): Acceptor {
  const compile = (inner: z.ZodMiniType | undefined) => compileNode(inner as z.ZodMiniType, exact);
  switch (def.type) {
    case 'string':
      return (value) => typeof value === 'string';
    case 'number':
      if (def.format === 'safeint') return (value) => Number.isSafeInteger(value);
      if (def.format !== undefined) return never;
      return (value) => typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'nullable': {
      const inner = compile(def.innerType);
      return (value) => value === null || inner(value);
    }
    case 'optional': {
      const inner = compile(def.innerType);
      return (value) => value === undefined || inner(value);
    }
    case 'array': {
      const element = compile(def.element);
      return (value) => {
        if (!Array.isArray(value)) return false;
        for (const item of value) if (!element(item)) return false;
        return true;
      };
    }
    case 'object':
      return compileObject(def, exact);
    case 'union': {
      const options = (def.options ?? []).map(compile);
      return (value) => options.some((option) => option(value));
    }
    case 'enum': {
      const values = new Set(Object.values(def.entries ?? {}));
      return (value) => values.has(value);
    }
    case 'literal': {
      const values = new Set(def.values ?? []);
      return (value) => values.has(value);
    }
    case 'record': {
      if (defOf(def.keyType as z.ZodMiniType).type !== 'string' || defOf(def.keyType as z.ZodMiniType).checks?.length)
        return never;
      const acceptsValue = compile(def.valueType);
      return (value) => {
        if (!isPlainObject(value) || (exact && !plainForExact(value))) return false;
        for (const key in value) if (Object.hasOwn(value, key) && !acceptsValue(value[key])) return false;
        return true;
      };
    }
    case 'custom': {
      const fn = def.fn;
      return fn === undefined ? never : (value) => Boolean(fn(value));
    }
    case 'unknown':
      return () => true;
    default:
      return never;
  }
}

/**
 * Extra keys pass when the object is loose (catchall unknown) or strips them (no catchall; not
 * with `exact`), and fail when it is strict (catchall never); any other catchall is left to zod.
 */
function compileObject(def: NodeDef, exact: boolean): Acceptor {
  const catchall = def.catchall === undefined ? 'strip' : defOf(def.catchall).type;
  if (catchall !== 'strip' && catchall !== 'unknown' && catchall !== 'never') return never;
  const fields = Object.entries(def.shape ?? {}).map(([key, schema]) => [key, compileNode(schema, exact)] as const);
  const known = new Set(Object.keys(def.shape ?? {}));
  const onlyKnownKeys = catchall === 'never' || (exact && catchall === 'strip');
  return (value) => {
    if (!isPlainObject(value) || (exact && !plainForExact(value))) return false;
    for (const [key, accepts] of fields) if (!accepts(value[key])) return false;
    if (onlyKnownKeys) for (const key in value) if (Object.hasOwn(value, key) && !known.has(key)) return false;
    return true;
  };
}

/** An object zod would copy key for key: made by a parser or a literal, no key it treats apart, no key holding undefined. */
function plainForExact(value: Record<string, unknown>): boolean {
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) return false;
    if (key === '__proto__' || key === 'constructor' || value[key] === undefined) return false;
  }
  return true;
}

function compileCheck(check: CheckDef): Acceptor {
  switch (check.check) {
    case 'overwrite': {
      // A rewrite (z.trim()): the value passes as it is only when the rewrite leaves it unchanged.
      // The checks after it see the rewritten value, so even a plain yes/no needs it unchanged.
      const { tx } = check;
      return tx === undefined ? never : (value) => tx(value) === value;
    }
    case 'number_format':
      return check.format === 'safeint' ? (value) => Number.isSafeInteger(value) : never;
    case 'greater_than': {
      const { value: limit, inclusive } = check;
      if (typeof limit !== 'number') return never;
      return inclusive === true ? (value) => (value as number) >= limit : (value) => (value as number) > limit;
    }
    case 'less_than': {
      const { value: limit, inclusive } = check;
      if (typeof limit !== 'number') return never;
      return inclusive === true ? (value) => (value as number) <= limit : (value) => (value as number) < limit;
    }
    case 'min_length': {
      const { minimum } = check;
      if (typeof minimum !== 'number') return never;
      return (value) => (value as { length: number }).length >= minimum;
    }
    case 'string_format': {
      const { pattern } = check;
      if (check.format !== 'regex' || !(pattern instanceof RegExp) || pattern.global || pattern.sticky) return never;
      return (value) => pattern.test(value as string);
    }
    default:
      return never;
  }
}
