import browser from 'webextension-polyfill';
import { readPendingRevocations, type PendingRevocation } from '../auth/pending-revocations.ts';
import { serviceHostPermission } from '../config/host-permission.ts';
import { currentConfig, localArea } from './composition-root.ts';

async function revocationPendingAt(origin: string): Promise<boolean> {
  return (await readPendingRevocations(localArea)).some((record) => new URL(record.baseUrl).origin === origin);
}

/**
 * Access to a service's site that the extension no longer uses is given back: it holds only what
 * it uses. Best effort: the build's own address is a required permission, which the browser keeps
 * (and refuses to remove). A service still to be told of a sign-out keeps its access until then.
 */
async function giveBack(origin: string): Promise<void> {
  if (new URL((await currentConfig()).baseUrl).origin === origin || (await revocationPendingAt(origin))) return;
  await browser.permissions.remove({ origins: [serviceHostPermission(origin)] }).catch(() => undefined);
}

/** After another address was saved: the old service's access, unless the two share a permission. */
export async function giveBackAccess(oldBaseUrl: string, newBaseUrl: string): Promise<void> {
  const old = new URL(oldBaseUrl).origin;
  if (serviceHostPermission(old) === serviceHostPermission(new URL(newBaseUrl).origin)) return;
  await giveBack(old);
}

/** After the services of these sign-outs were told: the access kept for that alone. */
export async function giveBackAfterRevocation(settled: readonly PendingRevocation[]): Promise<void> {
  const origins = new Set(settled.map((record) => new URL(record.baseUrl).origin));
  for (const origin of origins) await giveBack(origin);
}
