import type * as z from 'zod/mini';
import { isRecord as isPlainObject } from './io/is-record.js';

/**
 * A fast yes/no test compiled from a zod/mini schema: `true` only for a value the schema accepts.
 * zod's own parse builds a copy of the value and an issue list as it goes, which for a large
 * input (a report of many thousand cases) costs as much as reading the file; this test only
 * walks the value. A schema part it does not know answers `false`, so the caller falls back to
 * zod, whose answer and messages stay the reference: the test may send a valid value to zod,
 * never let an invalid one through.
 */
export type Acceptor = (value: unknown) => boolean;

export function compileAcceptor(schema: z.ZodMiniType): Acceptor {
  return compileNode(schema);
}

const never: Acceptor = () => false;

interface NodeDef {
  type: string;
  checks?: readonly { _zod: { def: CheckDef } }[];
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
}

function defOf(schema: z.ZodMiniType): NodeDef {
  return (schema as unknown as { _zod: { def: NodeDef } })._zod.def;
}

function compileNode(schema: z.ZodMiniType): Acceptor {
  const def = defOf(schema);
  const base = compileBase(def);
  const checks = (def.checks ?? []).map((check) => compileCheck(check._zod.def));
  if (checks.length === 0) return base;
  return (value) => {
    if (!base(value)) return false;
    for (const check of checks) if (!check(value)) return false;
    return true;
  };
}

function compileBase(def: NodeDef): Acceptor {
  switch (def.type) {
    case 'string':
      return (value) => typeof value === 'string';
    case 'number':
      return (value) => typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'nullable': {
      const inner = compileNode(def.innerType as z.ZodMiniType);
      return (value) => value === null || inner(value);
    }
    case 'optional': {
      const inner = compileNode(def.innerType as z.ZodMiniType);
      return (value) => value === undefined || inner(value);
    }
    case 'array': {
      const element = compileNode(def.element as z.ZodMiniType);
      return (value) => {
        if (!Array.isArray(value)) return false;
        for (const item of value) if (!element(item)) return false;
        return true;
      };
    }
    case 'object':
      return compileObject(def);
    case 'union': {
      const options = (def.options ?? []).map(compileNode);
      return (value) => options.some((option) => option(value));
    }
    case 'enum': {
      const values = new Set(Object.values(def.entries ?? {}));
      return (value) => values.has(value);
    }
    case 'literal': {
      const values = def.values ?? [];
      return (value) => values.includes(value);
    }
    case 'record': {
      if (defOf(def.keyType as z.ZodMiniType).type !== 'string' || defOf(def.keyType as z.ZodMiniType).checks?.length)
        return never;
      const acceptsValue = compileNode(def.valueType as z.ZodMiniType);
      return (value) => {
        if (!isPlainObject(value)) return false;
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

/** Extra keys pass when the object is loose (catchall unknown) or strips them (no catchall); any other catchall is left to zod. */
function compileObject(def: NodeDef): Acceptor {
  if (def.catchall !== undefined && defOf(def.catchall).type !== 'unknown') return never;
  const fields = Object.entries(def.shape ?? {}).map(([key, schema]) => [key, compileNode(schema)] as const);
  return (value) => {
    if (!isPlainObject(value)) return false;
    for (const [key, accepts] of fields) if (!accepts(value[key])) return false;
    return true;
  };
}

function compileCheck(check: CheckDef): Acceptor {
  switch (check.check) {
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
