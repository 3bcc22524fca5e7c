import { rmSync } from 'node:fs';

/**
 * Removes a throwaway browser profile once its browser has closed. Firefox's last writes (its
 * telemetry database, seen once as "ENOTEMPTY" on a loaded machine) can land a moment after the
 * browser reports itself closed, so the removal is asked again a few times, as Node's rmSync offers
 * for exactly that. A profile that still cannot go is left in the temporary folder and said so:
 * a test's result does not depend on its cleanup.
 */
export function removeProfile(folder: string): void {
  try {
    rmSync(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  } catch (error) {
    console.warn(`Could not remove the browser profile ${folder}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
