/*
 * How a letter's content is shown in the viewer. The bytes arrive from the worker as Base64 (see
 * the getContent request); the page turns them into a blob: URL of its own origin and hands that
 * to the browser's own viewers. What the network says the type is chooses the viewer, from a short
 * list; anything else is only offered as a download, never rendered.
 */

export type DisplayKind = 'pdf' | 'image' | 'html' | 'text' | 'download';

/** The pictures the browser shows, and the extension a saved one gets. */
const IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
};

function essence(contentType: string): string {
  return (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
}

export function displayKind(contentType: string): DisplayKind {
  const type = essence(contentType);
  if (type === 'application/pdf') return 'pdf';
  if (Object.hasOwn(IMAGE_TYPES, type)) return 'image';
  if (type === 'text/html') return 'html';
  if (type === 'text/plain') return 'text';
  return 'download';
}

/**
 * The type the blob is given. HTML and text keep a plain charset parameter so letters in Latin-1
 * or UTF-8 read right; a type we do not show becomes octet-stream, so no browser renders it.
 */
export function blobType(contentType: string): string {
  const kind = displayKind(contentType);
  if (kind === 'download') return 'application/octet-stream';
  const type = essence(contentType);
  if (kind === 'html' || kind === 'text') {
    const charset = /;\s*charset="?([A-Za-z0-9._:-]{1,40})"?/i.exec(contentType)?.[1];
    return charset ? `${type};charset=${charset}` : type;
  }
  return type;
}

const EXTENSIONS: Readonly<Record<Exclude<DisplayKind, 'image'>, string>> = { pdf: 'pdf', html: 'html', text: 'txt', download: 'bin' };

/**
 * A file name for "Download": the subject without characters file systems refuse, and the
 * extension of what the viewer shows for this content, never the sender's own word for its type
 * (contract §6): an attachment that calls itself "exe" or "html" must not become one on disk. An
 * HTML letter is saved as the viewer's checked copy (see use-letter-document.ts); a type the viewer
 * does not show is saved as .bin, which no program opens by itself.
 */
export function downloadName(subject: string, contentType: string): string {
  const base =
    subject
      .replace(/[\p{Cc}\\/:*?"<>|]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 80) || 'letter';
  const kind = displayKind(contentType);
  const extension = kind === 'image' ? (IMAGE_TYPES[essence(contentType)] ?? 'bin') : EXTENSIONS[kind];
  return `${base}.${extension}`;
}
