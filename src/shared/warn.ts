/** Logs a failure that must not stop what is going on: what was not done, and why (the message only). */
export function warn(what: string, error: unknown): void {
  console.warn(`${what}:`, error instanceof Error ? error.message : error);
}
