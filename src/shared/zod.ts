import * as z from 'zod/mini';
import { issueMessage } from './zod-messages.ts';

/*
 * The extension's schemas use zod's tree-shakable `zod/mini` API (same package and parser as the
 * classic API, a fraction of the worker's bundle). Set here, before any schema exists:
 * - jitless: no parser is ever compiled with `new Function` (the MV3 CSP forbids it, Firefox's
 *   linter flags it; zod/mini's objects do not compile, and this keeps it so for any zod schema);
 * - English messages: zod/mini ships none by default and would say only "Invalid input"
 *   (zod-messages.ts: zod's own sentences, for the issues these schemas raise).
 */
z.config({ jitless: true, localeError: issueMessage });

export { z };

/** Names what failed (paths and issue kinds only: a token value must never reach a message). */
export function describeIssues(error: z.core.$ZodError): string {
  return error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)'}: ${issue.code}`).join('; ');
}
