import { afterEach, describe, expect, it } from 'vitest';
import * as fx from './fixtures.ts';

/*
 * The MV3 content security policy forbids code from strings, and Firefox's linter flags it, so
 * parsing must never reach `Function`. A recording stand-in for the global proves it, and the
 * control case proves the stand-in would notice.
 */
const RealFunction = globalThis.Function;
const calls: unknown[][] = [];

function watchFunction(): void {
  calls.length = 0;
  const watched = new Proxy(RealFunction, {
    construct(target, args: unknown[]) {
      calls.push(args);
      return Reflect.construct(target, args) as object;
    },
    apply(target, self, args: unknown[]) {
      calls.push(args);
      return Reflect.apply(target, self, args) as unknown;
    },
  });
  globalThis.Function = watched;
}

afterEach(() => {
  globalThis.Function = RealFunction;
});

describe('zod runs without eval', () => {
  it('parses every resource without constructing a Function', async () => {
    watchFunction();
    const schemas = await import('../../../src/api/schemas.ts');
    for (let i = 0; i < 3; i++) {
      schemas.rootResourceSchema.parse(fx.realRoot());
      schemas.inboxSchema.parse(fx.inbox());
      schemas.anyResourceSchema.parse(fx.receipts());
      schemas.anyResourceSchema.parse(fx.folder());
    }
    expect(calls).toEqual([]);
  });

  it('(control) would notice zod compiling a parser', async () => {
    // zod's classic API, which does compile object parsers when jitless is off.
    const { z } = await import('zod');
    watchFunction();
    z.config({ jitless: false });
    try {
      const schema = z.object({ a: z.string() });
      schema.parse({ a: 'x' });
      schema.parse({ a: 'y' });
    } finally {
      z.config({ jitless: true });
    }
    expect(calls.length).toBeGreaterThan(0);
  });
});
