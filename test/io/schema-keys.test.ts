import { describe, expect, it } from 'vitest';
import { schemaKeys } from '../../src/io/validation/schema-keys.js';
import * as z from '../../src/io/validation/zod.js';

describe('schemaKeys: the keys a did-you-mean may suggest', () => {
  const schema = z.strictObject({
    budget: z.optional(z.strictObject({ maxToolCalls: z.optional(z.number()) })),
    concepts: z.array(z.union([z.string(), z.strictObject({ any: z.array(z.string()), required: z.boolean() })])),
    checks: z.optional(z.record(z.string(), z.string())),
    name: z.string(),
  });

  it('gives the top-level keys first, then `next`, then the keys of the objects inside, each once', () => {
    expect(schemaKeys(schema, ['id', 'name'])).toEqual([
      'budget',
      'concepts',
      'checks',
      'name',
      'id',
      'maxToolCalls',
      'any',
      'required',
    ]);
  });

  it('reads through optional values, lists and unions, and not into a record’s free keys', () => {
    expect(schemaKeys(z.optional(z.array(z.strictObject({ deep: z.string() }))))).toEqual(['deep']);
    expect(schemaKeys(z.record(z.string(), z.strictObject({ hidden: z.string() })))).toEqual([]);
  });
});
