// Every auth schema imports zod from here: zod/mini, set up (jitless, English messages) in
// src/api/zod-mini.ts before any schema is built.
import { z } from '../api/zod-mini.ts';

export { z };

/** Names what failed (paths and issue kinds only: a token value must never reach a message). */
export function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)'}: ${issue.code}`)
    .join('; ');
}
