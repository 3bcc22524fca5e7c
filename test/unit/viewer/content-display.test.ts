import { describe, expect, it } from 'vitest';
import { blobType, displayKind, downloadName } from '../../../src/viewer/letter/content-display.ts';

describe('showing content', () => {
  it('chooses the browser viewer from a short list of types', () => {
    expect(displayKind('application/pdf')).toBe('pdf');
    expect(displayKind('image/jpeg')).toBe('image');
    expect(displayKind('IMAGE/PNG')).toBe('image');
    expect(displayKind('text/html; charset=utf-8')).toBe('html');
    expect(displayKind('text/plain')).toBe('text');
    // SVG can carry script; unknown types are only offered as a download.
    expect(displayKind('image/svg+xml')).toBe('download');
    expect(displayKind('application/octet-stream')).toBe('download');
    expect(displayKind('')).toBe('download');
  });

  it('gives the blob a type no browser will render when it is not one we show', () => {
    expect(blobType('text/html; charset=utf-8')).toBe('text/html;charset=utf-8');
    expect(blobType('text/html; charset="iso-8859-1"')).toBe('text/html;charset=iso-8859-1');
    expect(blobType('text/html; charset=<script>')).toBe('text/html');
    expect(blobType('application/pdf; name=x')).toBe('application/pdf');
    expect(blobType('image/svg+xml')).toBe('application/octet-stream');
  });

  it('names downloads after the subject, without characters file systems refuse', () => {
    expect(downloadName('Faktura 03/2024', 'application/pdf')).toBe('Faktura 03 2024.pdf');
    expect(downloadName('<b>Viktig</b>\u0007', 'text/html')).toBe('b Viktig b.html');
    expect(downloadName('', 'image/jpeg')).toBe('letter.jpg');
  });

  it("gives a download the extension of what the viewer shows, never the sender's file type", () => {
    // The attachment's own fileType is not an argument any more: what it claims cannot name the file.
    expect(downloadName('Faktura', 'application/pdf')).toBe('Faktura.pdf');
    expect(downloadName('Kvittering', 'image/png')).toBe('Kvittering.png');
    expect(downloadName('Bilde', 'image/gif')).toBe('Bilde.gif');
    expect(downloadName('Brev', 'text/html; charset=utf-8')).toBe('Brev.html');
    expect(downloadName('Melding', 'text/plain')).toBe('Melding.txt');
    // What the viewer does not show is saved as .bin, which no program runs or renders by itself.
    expect(downloadName('Oppdatering', 'application/x-msdownload')).toBe('Oppdatering.bin');
    expect(downloadName('Side', 'application/xhtml+xml')).toBe('Side.bin');
    expect(downloadName('Tegning', 'image/svg+xml')).toBe('Tegning.bin');
    expect(downloadName('Ukjent', '')).toBe('Ukjent.bin');
  });
});
