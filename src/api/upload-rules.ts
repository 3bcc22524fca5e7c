import { AppError } from '../shared/errors.ts';

/**
 * What may be uploaded (contract §10), decided before anything is sent: the same rules in the page
 * that takes the file and in the worker that sends it. No extension API.
 */

/** The service's apps stop at 100 MiB (contract §10). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** The kinds the extension uploads: those the viewer can show again. */
export const UPLOAD_TYPES = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
} as const;

export type UploadKind = keyof typeof UPLOAD_TYPES;

/** How many leading bytes `sniffUpload` needs. */
const SNIFF_BYTES = 512;

export type UploadVerdict =
  { ok: true; kind: UploadKind } | { ok: false; code: 'upload_too_large' | 'upload_empty' | 'upload_html' | 'upload_unsupported_type' };

/**
 * The file's kind from its first bytes, whatever its name or the site's Content-Type claim (a
 * web page can call itself application/pdf). HTML is named apart: the apps refuse it too.
 */
export function judgeUpload(head: Uint8Array, size: number, claimedType = ''): UploadVerdict {
  if (size > MAX_UPLOAD_BYTES) return { ok: false, code: 'upload_too_large' };
  if (size === 0) return { ok: false, code: 'upload_empty' };
  const text = String.fromCharCode(...head.subarray(0, SNIFF_BYTES));
  if (text.startsWith('%PDF-')) return { ok: true, kind: 'pdf' };
  if (head[0] === 0x89 && text.slice(1, 4) === 'PNG') return { ok: true, kind: 'png' };
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { ok: true, kind: 'jpg' };
  const type = claimedType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/html' || type === 'application/xhtml+xml' || /^(\xEF\xBB\xBF)?\s*</.test(text))
    return { ok: false, code: 'upload_html' };
  return { ok: false, code: 'upload_unsupported_type' };
}

/** The subject the apps give an upload: the file name without its extension (contract §10). */
/** A file's kind, judged from its own first bytes; one that would be refused is an error naming why. */
export async function uploadKindOf(file: Blob, claimedType = file.type): Promise<UploadKind> {
  const verdict = judgeUpload(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()), file.size, claimedType);
  if (!verdict.ok) throw new AppError(verdict.code);
  return verdict.kind;
}

export function subjectFromName(name: string): string {
  const base = name
    .replace(/\.[A-Za-z0-9]{1,8}$/, '')
    .replace(/[_]+/g, ' ')
    .trim();
  return (base === '' ? name : base).slice(0, MAX_SUBJECT_LENGTH);
}

/** The longest subject a letter is given here, named at upload or renamed. */
export const MAX_SUBJECT_LENGTH = 200;

/** A file's name from a Content-Disposition header, else the last segment of its address. */
export function fileNameOf(url: string, disposition: string | null): string {
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition ?? '')?.[1];
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition ?? '')?.[1];
  let name: string;
  try {
    name = star !== undefined ? decodeURIComponent(star) : (plain ?? decodeURIComponent(new URL(url).pathname.split('/').pop() ?? ''));
  } catch {
    name = plain ?? '';
  }
  // A name is shown and sent as text, never used as a path.
  // eslint-disable-next-line no-control-regex -- control characters are what is taken out
  name = name.replace(/[/\\\u0000-\u001f]/g, ' ').trim();
  return name === '' ? 'document' : name.slice(0, 255);
}

/** The name sent with the file: the person's subject is what they see; this only keeps the right extension. */
export function uploadFileName(name: string, kind: UploadKind): string {
  const extensions: Record<UploadKind, RegExp> = { pdf: /\.pdf$/i, png: /\.png$/i, jpg: /\.jpe?g$/i };
  return extensions[kind].test(name) ? name : `${name.replace(/\.[A-Za-z0-9]{1,8}$/, '')}.${kind}`;
}

/**
 * How long an upload may take before it is given up: a minute, and one more second for every
 * 128 KiB (a slow 1 Mbit/s line), so a 100 MiB file gets about 14 minutes.
 */
export function uploadDeadlineMs(size: number): number {
  return 60_000 + Math.ceil(size / (128 * 1024)) * 1000;
}
