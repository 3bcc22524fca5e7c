import { describe, expect, it } from 'vitest';
import { fileNameOf, judgeUpload, MAX_UPLOAD_BYTES, subjectFromName, uploadFileName } from '../../../src/api/upload-rules.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('judgeUpload: what may be uploaded, from the file itself', () => {
  it('knows PDF, PNG and JPEG by their first bytes, whatever the site claims', () => {
    expect(judgeUpload(bytes('%PDF-1.7\n'), 100, 'application/octet-stream')).toEqual({ ok: true, kind: 'pdf' });
    expect(judgeUpload(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10]), 100, 'text/plain')).toEqual({ ok: true, kind: 'png' });
    expect(judgeUpload(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), 100)).toEqual({ ok: true, kind: 'jpg' });
  });

  it('refuses HTML by its type or its markup, even one that calls itself a PDF', () => {
    expect(judgeUpload(bytes('<!doctype html><p>x'), 100, 'application/pdf')).toEqual({ ok: false, code: 'upload_html' });
    expect(judgeUpload(bytes('hello'), 100, 'text/html; charset=utf-8')).toEqual({ ok: false, code: 'upload_html' });
    expect(judgeUpload(bytes('\n  <html>'), 100)).toEqual({ ok: false, code: 'upload_html' });
  });

  it('refuses other kinds, empty files and files over 100 MiB (the limit itself is allowed)', () => {
    expect(judgeUpload(new Uint8Array([0x50, 0x4b, 3, 4]), 100, 'application/zip')).toEqual({ ok: false, code: 'upload_unsupported_type' });
    expect(judgeUpload(new Uint8Array(), 0)).toEqual({ ok: false, code: 'upload_empty' });
    expect(judgeUpload(bytes('%PDF-'), MAX_UPLOAD_BYTES + 1)).toEqual({ ok: false, code: 'upload_too_large' });
    expect(judgeUpload(bytes('%PDF-'), MAX_UPLOAD_BYTES)).toEqual({ ok: true, kind: 'pdf' });
  });
});

describe('names', () => {
  it('the subject is the file name without its extension, as the apps make it', () => {
    expect(subjectFromName('Lønnsslipp_november.pdf')).toBe('Lønnsslipp november');
    expect(subjectFromName('.pdf')).toBe('.pdf');
    expect(subjectFromName('a'.repeat(300)).length).toBe(200);
  });

  it("a file's name comes from Content-Disposition, else the address, and is never a path", () => {
    expect(fileNameOf('https://bank.example/dl?id=1', 'attachment; filename="kontoutskrift.pdf"')).toBe('kontoutskrift.pdf');
    expect(fileNameOf('https://x.example/a', "attachment; filename*=UTF-8''l%C3%B8nn.pdf")).toBe('lønn.pdf');
    expect(fileNameOf('https://x.example/docs/Faktura%2012.pdf', null)).toBe('Faktura 12.pdf');
    expect(fileNameOf('https://x.example/', null)).toBe('document');
    expect(fileNameOf('https://x.example/a', 'attachment; filename="../../etc/passwd"')).toBe('.. .. etc passwd');
  });

  it('the name sent keeps the extension the bytes have shown', () => {
    expect(uploadFileName('scan', 'pdf')).toBe('scan.pdf');
    expect(uploadFileName('photo.JPEG', 'jpg')).toBe('photo.JPEG');
    expect(uploadFileName('image.gif', 'png')).toBe('image.png');
  });
});
