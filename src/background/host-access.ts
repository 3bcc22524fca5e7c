import type { Permissions } from 'webextension-polyfill';
import { readPendingRevocations, type PendingRevocation } from '../auth/pending-revocations.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { serviceHostPermission } from '../config/host-permission.ts';
import type { KeyValueArea } from '../shared/storage-area.ts';

export interface HostAccessDeps {
  /** storage.local, where the pending revocations are. */
  local: KeyValueArea;
  currentConfig: () => Promise<ExtensionConfig>;
  permissions: Pick<Permissions.Static, 'remove'>;
}

export interface HostAccess {
  /** After another address was saved: the old service's access, unless the two share a permission. */
  giveBackAccess: (oldBaseUrl: string, newBaseUrl: string) => Promise<void>;
  /** After the services of these sign-outs were told: the access kept for that alone. */
  giveBackAfterRevocation: (settled: readonly PendingRevocation[]) => Promise<void>;
}

export function createHostAccess(deps: HostAccessDeps): HostAccess {
  async function revocationPendingAt(origin: string): Promise<boolean> {
    return (await readPendingRevocations(deps.local)).some((record) => new URL(record.baseUrl).origin === origin);
  }

  /**
   * Access to a service's site that the extension no longer uses is given back: it holds only what
   * it uses. Best effort: the build's own address is a required permission, which the browser keeps
   * (and refuses to remove). A service still to be told of a sign-out keeps its access until then.
   */
  async function giveBack(origin: string): Promise<void> {
    if (new URL((await deps.currentConfig()).baseUrl).origin === origin || (await revocationPendingAt(origin))) return;
    await deps.permissions.remove({ origins: [serviceHostPermission(origin)] }).catch(() => undefined);
  }

  return {
    async giveBackAccess(oldBaseUrl, newBaseUrl) {
      const old = new URL(oldBaseUrl).origin;
      if (serviceHostPermission(old) === serviceHostPermission(new URL(newBaseUrl).origin)) return;
      await giveBack(old);
    },
    async giveBackAfterRevocation(settled) {
      const origins = new Set(settled.map((record) => new URL(record.baseUrl).origin));
      for (const origin of origins) await giveBack(origin);
    },
  };
}
