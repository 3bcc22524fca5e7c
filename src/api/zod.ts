import { z } from 'zod';

/*
 * zod 4 compiles object parsers with `new Function` unless told otherwise, and probes for it even
 * when it will not use it. Under the MV3 content security policy (no 'unsafe-eval') that probe
 * reports a CSP violation, and Firefox's add-on linter flags code built from strings. Jitless
 * parsing is a little slower and entirely sufficient for our small responses.
 *
 * This is zod's classic API, for code that chains methods (`z.string().optional()`). The
 * extension's own schemas use the tree-shakable zod/mini API from zod-mini.ts instead, which the
 * worker's 30 kB bundle budget needs (npm run size); zod-mini.ts sets the same jitless switch.
 */
z.config({ jitless: true });

export { z };
