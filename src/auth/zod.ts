import { z } from 'zod';

// zod 4 compiles object parsers with `new Function` unless told not to; the extension's CSP
// forbids that and store linters flag it. Every auth schema imports zod from here, so the switch
// is set before any of them is built.
z.config({ jitless: true });

export { z };

/** Names what failed (paths and issue kinds only: a token value must never reach a message). */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)'}: ${issue.code}`)
    .join('; ');
}
