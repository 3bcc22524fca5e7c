import { inboxLinkOf, mailboxIdOf, ownMailboxes, sharedMailboxById, sharedMailboxes, type RootMailbox } from './inbox.ts';
import { findLink } from './relation-name.ts';
import type { Link, RootResource } from './schemas.ts';

/**
 * Where an upload goes: an inbox (the person's own, or with `mailbox` one shared with them, named by
 * its inbox link, api/inbox.ts mailboxIdOf), or a folder named by its own `self` address in the root
 * (of any mailbox). Never by a Digipost address, which a shared mailbox may share with the person's.
 */
export type UploadPlace = { kind: 'inbox'; mailbox?: string | undefined } | { kind: 'folder'; self: string };

export interface PlaceLinks {
  /** Where the file is POSTed: the relation the place itself offers (contract §10). */
  upload: Link;
  /** The list the letter will be in, read to look for it after an answer that never came. */
  list: Link;
}

export interface NamedPlace {
  place: UploadPlace;
  /** A folder's name; the inbox is named by the page. */
  name?: string;
  /** Whose mailbox it is in, by name, when it is one shared with the person. */
  whose?: string;
}

/** An inbox's links: on the person's own mailbox (digipost/android `Mailbox.getUploadToInboxUri`), or on the shared one `id` names. */
function inboxLinks(root: RootResource | undefined, id: string | undefined): PlaceLinks | undefined {
  const shared = sharedMailboxById(root, id);
  if (id !== undefined && !shared) return undefined;
  const upload = (shared ? [shared] : ownMailboxes(root))
    .map((mailbox) => findLink(mailbox.link, 'upload_document_to_inbox'))
    .find((link) => link !== undefined);
  const list = shared ? findLink(shared.link, 'document_inbox') : inboxLinkOf(root);
  return upload && list ? { upload, list } : undefined;
}

const foldersOf = (mailboxes: readonly RootMailbox[]) => mailboxes.flatMap((mailbox) => mailbox.folders?.folder ?? []);

/** The links of a place, when the root offers an upload there; none is ever built by hand. */
export function placeLinksOf(root: RootResource | undefined, place: UploadPlace): PlaceLinks | undefined {
  if (place.kind === 'inbox') return inboxLinks(root, place.mailbox);
  for (const folder of foldersOf(root?.mailbox ?? [])) {
    const self = findLink(folder.link, 'self');
    const upload = findLink(folder.link, 'upload_document');
    if (self?.uri === place.self && upload) return { upload, list: self };
  }
  return undefined;
}

/**
 * Every place the root offers an upload to: the person's own inbox first, then their folders in
 * their order, then of each mailbox shared with them its inbox and folders, saying whose.
 */
export function uploadPlacesOf(root: RootResource | undefined): NamedPlace[] {
  const places: NamedPlace[] = [];
  const add = (mailboxes: RootMailbox[], inbox: UploadPlace, whose?: string) => {
    const of = whose === undefined ? {} : { whose };
    if (placeLinksOf(root, inbox)) places.push({ place: inbox, ...of });
    for (const folder of foldersOf(mailboxes)) {
      const self = findLink(folder.link, 'self');
      if (self && findLink(folder.link, 'upload_document'))
        places.push({ place: { kind: 'folder', self: self.uri }, name: folder.name ?? '', ...of });
    }
  };
  add(ownMailboxes(root), { kind: 'inbox' });
  for (const shared of sharedMailboxes(root))
    add([shared], { kind: 'inbox', mailbox: mailboxIdOf(shared) ?? '' }, shared.name ?? shared.digipostaddress);
  return places;
}

/** The place whose list is at `url` (the inbox or a folder on screen), when it takes uploads. */
export function uploadPlaceAt(root: RootResource | undefined, url: string | undefined): UploadPlace | undefined {
  return uploadPlacesOf(root).find(({ place }) => placeLinksOf(root, place)?.list.uri === url)?.place;
}
