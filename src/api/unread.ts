import type { Attachment, Document } from './schemas.ts';

/** The attachment a letter is about: the one marked as the main document, else the first. */
export function mainAttachment(document: Document): Attachment | undefined {
  return document.attachment.find((a) => a.mainDocument === true) ?? document.attachment[0];
}

/**
 * Whether a letter counts as unread (notes: "a list row is unread when its main attachment is
 * unread"). Only an explicit `read: false` counts: a letter whose state is unknown is not new.
 */
export function isUnread(document: Document): boolean {
  return (mainAttachment(document)?.read ?? document.read) === false;
}
