/*
 * How a letter's content is shown in the viewer. The bytes arrive from the worker as Base64 (see
 * the getContent request); the page turns them into a blob: URL of its own origin and hands that
 * to the browser's own viewers. What the network says the type is chooses the viewer, from a short
 * list; anything else is only offered as a download, never rendered.
 */

export type DisplayKind = 'pdf' | 'image' | 'html' | 'text' | 'download';

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']);

function essence(contentType: string): string {
  return (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
}

export function displayKind(contentType: string): DisplayKind {
  const type = essence(contentType);
  if (type === 'application/pdf') return 'pdf';
  if (IMAGE_TYPES.has(type)) return 'image';
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

const EXTENSIONS: Readonly<Record<DisplayKind, string>> = { pdf: 'pdf', image: '', html: 'html', text: 'txt', download: 'bin' };

/** A file name for "Download": the subject without characters file systems refuse. */
export function downloadName(subject: string, contentType: string, fileType?: string): string {
  const base = subject.replace(/[\p{Cc}\\/:*?"<>|]+/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 80) || 'letter';
  const kind = displayKind(contentType);
  const extension = fileType && /^[a-z0-9]{1,5}$/i.test(fileType) ? fileType.toLowerCase() : (EXTENSIONS[kind] || essence(contentType).split('/')[1]) ?? 'bin';
  return `${base}.${extension}`;
}
