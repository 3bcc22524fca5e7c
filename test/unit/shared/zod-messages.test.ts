import { describe, expect, it } from 'vitest';
import * as zm from 'zod/mini';
import { en } from 'zod/locales';
import { z } from '../../../src/shared/zod.ts';
import { requestSchema } from '../../../src/protocol/requests.ts';

// The worker's own messages (src/shared/zod-messages.ts) against zod's English catalogue, which the
// worker no longer carries: each failure a schema of the extension can raise reads the same.
const english = en().localeError;

function bothMessages(schema: zm.ZodMiniType, input: unknown): { ours: string | undefined; zods: string | undefined } {
  const ours = z.safeParse(schema, input).error?.issues[0]?.message;
  const zods = z.safeParse(schema, input, { error: (issue) => english(issue) as string }).error?.issues[0]?.message;
  return { ours, zods };
}

describe("the worker's zod messages", () => {
  const cases: [string, zm.ZodMiniType, unknown][] = [
    ['a string for a number', z.number(), 'x'],
    ['null for an object', z.object({ a: z.string() }), null],
    ['an array for an object', z.object({ a: z.string() }), []],
    ['NaN for a number', z.number(), Number.NaN],
    ['Infinity for an integer', z.int(), Number.POSITIVE_INFINITY],
    ['a fraction for an integer', z.int(), 1.5],
    ['a Date for a string', z.string(), new Date(0)],
    ['an object without a prototype for a string', z.string(), Object.create(null)],
    ['another literal', z.literal('a'), 'b'],
    ['none of an enum', z.enum(['a', 'b']), 'c'],
    ['a number under a bound', z.int().check(z.gte(1)), 0],
    ['a number over a bound', z.int().check(z.lte(1440)), 1441],
    ['a negative count', z.number().check(z.nonnegative()), -1],
    ['a long string', z.string().check(z.maxLength(3)), 'abcd'],
    ['an empty string', z.string().check(z.minLength(1)), ''],
    ['a short list', z.array(z.string()).check(z.minLength(2)), ['a']],
    ['a pattern missed', z.string().check(z.regex(/^[a-z_]{1,64}$/)), 'A'],
    ['no union member', z.union([z.string(), z.number()]), true],
  ];
  it.each(cases)('%s reads as zod says it', (_name, schema, input) => {
    const { ours, zods } = bothMessages(schema, input);
    expect(ours).toBeDefined();
    expect(ours).toBe(zods);
  });

  it('names the request types a message of no known type could be', () => {
    const { ours, zods } = bothMessages(requestSchema, { type: 'noSuchRequest' });
    expect(ours).toMatch(/^Invalid discriminator value\. Expected 'getStatus' \| /);
    expect(ours).toBe(zods);
  });
});
