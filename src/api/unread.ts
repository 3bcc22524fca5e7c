import type { Attachment, Document } from './schemas.ts';

/** The attachment a letter is about: the one marked as the main document, else the first. */
function mainAttachment(document: Document): Attachment | undefined {
  return document.attachment.find((a) => a.mainDocument === true) ?? document.attachment[0];
}

/**
 * The unread rule (contract §6: a letter is unread when its main attachment is), from the main
 * attachment's `read` and the letter's own. Only an explicit `read: false` counts: a letter whose
 * state is unknown is not new. The worker applies it to parsed letters, the viewer to letters it
 * read itself.
 */
export function isUnreadBy(mainAttachmentRead: boolean | undefined, letterRead: boolean | undefined): boolean {
  return (mainAttachmentRead ?? letterRead) === false;
}

export function isUnread(document: Document): boolean {
  return isUnreadBy(mainAttachment(document)?.read, document.read);
}
