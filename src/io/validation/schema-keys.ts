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

/**
 * The keys an object at `path` inside a value of `schema` may hold (array indexes step into the
 * list's items; an optional or a union is looked through), in the schema's order: what an
 * unknown key found there was expected to be. Empty when no object of the schema lies there.
 */
export function schemaKeysAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): string[] {
  const through = (inner: z.core.$ZodType): z.core.$ZodType[] => {
    const def = partsOf(inner);
    if (def.innerType !== undefined) return through(def.innerType);
    return def.options === undefined ? [inner] : def.options.flatMap(through);
  };
  let places = through(schema);
  for (const segment of path) {
    places = places.flatMap((place) => {
      const def = partsOf(place);
      const next = typeof segment === 'number' ? def.element : def.shape?.[String(segment)];
      return next === undefined ? [] : through(next);
    });
  }
  return [...new Set(places.flatMap((place) => Object.keys(partsOf(place).shape ?? {})))];
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
