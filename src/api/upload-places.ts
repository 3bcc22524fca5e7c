import { inboxLinkOf, ownMailboxes } from './inbox.ts';
import { findLink } from './relation-name.ts';
import type { Link, RootResource } from './schemas.ts';

/** Where an upload goes: the inbox, or a folder named by its own `self` address in the root. */
export type UploadPlace = { kind: 'inbox' } | { kind: 'folder'; self: string };

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
}

/** The inbox's upload relation: on the person's own mailbox (digipost/android `Mailbox.getUploadToInboxUri`). */
function inboxUpload(root: RootResource | undefined): Link | undefined {
  for (const mailbox of ownMailboxes(root)) {
    const link = findLink(mailbox.link, 'upload_document_to_inbox');
    if (link) return link;
  }
  return undefined;
}

function folders(root: RootResource | undefined) {
  return ownMailboxes(root).flatMap((mailbox) => mailbox.folders?.folder ?? []);
}

/** The links of a place, when the root offers an upload there; none is ever built by hand. */
export function placeLinksOf(root: RootResource | undefined, place: UploadPlace): PlaceLinks | undefined {
  if (place.kind === 'inbox') {
    const upload = inboxUpload(root);
    const list = inboxLinkOf(root);
    return upload && list ? { upload, list } : undefined;
  }
  for (const folder of folders(root)) {
    const self = findLink(folder.link, 'self');
    const upload = findLink(folder.link, 'upload_document');
    if (self?.uri === place.self && upload) return { upload, list: self };
  }
  return undefined;
}

/** Every place the root offers an upload to: the inbox first, then the folders in their order. */
export function uploadPlacesOf(root: RootResource | undefined): NamedPlace[] {
  const places: NamedPlace[] = [];
  if (placeLinksOf(root, { kind: 'inbox' })) places.push({ place: { kind: 'inbox' } });
  for (const folder of folders(root)) {
    const self = findLink(folder.link, 'self');
    if (self && findLink(folder.link, 'upload_document')) places.push({ place: { kind: 'folder', self: self.uri }, name: folder.name ?? '' });
  }
  return places;
}

/** The place whose list is at `url` (the inbox or a folder on screen), when it takes uploads. */
export function uploadPlaceAt(root: RootResource | undefined, url: string | undefined): UploadPlace | undefined {
  return uploadPlacesOf(root).find(({ place }) => placeLinksOf(root, place)?.list.uri === url)?.place;
}
