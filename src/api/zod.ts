import { z } from 'zod';

/*
 * zod 4 compiles object parsers with `new Function` unless told otherwise, and probes for it even
 * when it will not use it. Under the MV3 content security policy (no 'unsafe-eval') that probe
 * reports a CSP violation, and Firefox's add-on linter flags code built from strings. Jitless
 * parsing is a little slower and entirely sufficient for our small responses. Every module that
 * builds or runs a schema imports `z` from here, so this runs before any schema exists.
 */
z.config({ jitless: true });

export { z };
