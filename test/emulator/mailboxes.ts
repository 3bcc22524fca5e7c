/**
 * Every mailbox the person may read (contract: the root's `mailbox` array): their own, and the one
 * shared with them when the emulator is started with it. Each is reached at its own account id in
 * the addresses, and the same bearer token reads them all.
 */
import type { Mailbox } from './mailbox.ts';
import type { Emulator } from './state.ts';

export interface ReadableMailbox {
  /** The id in this mailbox's addresses (`/accounts/<id>/…`). */
  accountId: string;
  name: string;
  digipostaddress: string;
  /** The person's own mailbox; false for one shared with them (a parent's, say). */
  owner: boolean;
  /** Bytes, as the service's apps read them. */
  usedStorage: number;
  totalAvailableStorage: number;
  mailbox: Mailbox;
}

/** The own mailbox's storage, in bytes: 70 MiB of 1 GiB, the same figures the account shows. */
export const OWN_STORAGE = { usedStorage: 73_400_320, totalAvailableStorage: 1_073_741_824 } as const;

/** The own mailbox's storage now: what it may hold, and what it uses (the admin API may have set it). The account shows the same. */
export function ownStorage(em: Emulator): Pick<ReadableMailbox, 'usedStorage' | 'totalAvailableStorage'> {
  return { ...OWN_STORAGE, usedStorage: em.world.ownUsedStorage };
}

export function ownMailbox(em: Emulator): ReadableMailbox {
  const { user, mailbox } = em.world;
  return { accountId: user.accountId, name: user.fullName, digipostaddress: user.digipostaddress, owner: true, ...ownStorage(em), mailbox };
}

/** Own first, as the service lists them. */
export function readableMailboxes(em: Emulator): ReadableMailbox[] {
  const shared = em.world.sharedMailbox;
  return shared ? [ownMailbox(em), shared] : [ownMailbox(em)];
}

/** The mailbox an address's `:account` names, if the person may read it. */
export function mailboxAt(em: Emulator, accountId: string | undefined): ReadableMailbox | undefined {
  return readableMailboxes(em).find((box) => box.accountId === accountId);
}

/** The mailbox with this Digipost address (how the apps choose one), if the person may read it. */
export function mailboxWithAddress(em: Emulator, digipostaddress: string): ReadableMailbox | undefined {
  return readableMailboxes(em).find((box) => box.digipostaddress === digipostaddress);
}
