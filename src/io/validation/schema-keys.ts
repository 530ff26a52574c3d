import type * as z from 'zod/mini';

/**
 * Every key an object of `schema` may hold, at any depth (through optional values, lists and
 * unions), for the did-you-mean of an unknown key (closest-key.ts): the schema's own keys and
 * `next` first, then those of the objects inside, since a tie goes to the earlier key.
 */
export function schemaKeys(schema: z.core.$ZodType, next: readonly string[] = []): string[] {
  const keys = new Set([...Object.keys(partsOf(schema).shape ?? {}), ...next]);
  const walk = (inner: z.core.$ZodType): void => {
    const def = partsOf(inner);
    for (const [key, field] of Object.entries(def.shape ?? {})) {
      keys.add(key);
      walk(field);
    }
    for (const part of [def.innerType, def.element, ...(def.options ?? [])]) if (part !== undefined) walk(part);
  };
  walk(schema);
  return [...keys];
}

/** The parts of a schema's definition that hold other schemas: an object's fields, an optional's or a list's value, a union's options. */
function partsOf(schema: z.core.$ZodType): {
  shape?: Record<string, z.core.$ZodType>;
  innerType?: z.core.$ZodType;
  element?: z.core.$ZodType;
  options?: z.core.$ZodType[];
} {
  return schema._zod.def as ReturnType<typeof partsOf>;
}
