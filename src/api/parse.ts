import { z } from '../shared/zod.ts';
import { AppError } from '../shared/errors.ts';

/** 'primaryAccount.link[0].uri' — the form a developer would type to look at the field. */
function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? '(top level)' : out;
}

/**
 * Every response is parsed before use; a mismatch becomes one readable error naming the first
 * field at fault, never a crash further in. Only the path and zod's message are reported, not the
 * value, which may be personal data.
 */
export function parseWith<T>(schema: z.core.$ZodType<T>, data: unknown, what: string): T {
  const result = z.safeParse(schema, data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const detail = issue ? `${what}: ${formatPath(issue.path)}: ${issue.message}` : what;
  throw new AppError('response_malformed', { detail });
}
