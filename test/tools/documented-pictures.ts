// Which of the screenshots the project's documents show. The gallery (`npm run screenshots`, some
// 340 pictures of every page and state) is made for looking at, and stays out of git: committed, a
// run rewrote every picture whose pixels moved by one (a date, a clock), and left the clone dirty.
// What git keeps is what the README and the guides show: each picture they name under
// test/screenshots/ is copied there from the gallery by the same run that made it.
import { readFileSync } from 'node:fs';

/** The documents whose pictures are kept, from the repository's top. */
export const PICTURE_DOCUMENTS = [
  'README.md',
  'docs/using.md',
  'docs/engineering.md',
  'docs/publishing.md',
  'docs/security.md',
  'store/REVIEWERS.md',
];

/** The file names of the gallery's pictures a document shows: `…/test/screenshots/<name>.png`, not the README's own steps. */
export function galleryPicturesIn(markdown: string): string[] {
  return [...markdown.matchAll(/\]\((?:\.\.\/)*test\/screenshots\/([a-z0-9-]+\.png)\)/g)].map((match) => match[1] ?? '');
}

/** Every gallery picture the documents show, once each, in the order they first appear. */
export function documentedGalleryPictures(read: (path: string) => string = (path) => readFileSync(path, 'utf8')): string[] {
  return [...new Set(PICTURE_DOCUMENTS.flatMap((path) => galleryPicturesIn(read(path))))];
}
