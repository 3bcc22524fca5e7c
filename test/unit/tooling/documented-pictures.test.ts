// The pictures git keeps (test/tools/documented-pictures.ts): each one the documents show is in the
// repository, and the gallery itself is not.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { documentedGalleryPictures, galleryPicturesIn } from '../../tools/documented-pictures.ts';

describe('the pictures the documents show', () => {
  it('finds each picture a document links under test/screenshots/, from the top or from docs/', () => {
    const markdown =
      '| ![A](test/screenshots/popup-ready-nb-dark.png) | ![B](../test/screenshots/05-letter.png) |\n![C](pictures/other.png)';
    expect(galleryPicturesIn(markdown)).toEqual(['popup-ready-nb-dark.png', '05-letter.png']);
  });

  it('are all in the repository, and none of them in the gallery git does not keep', () => {
    const pictures = documentedGalleryPictures();
    expect(pictures.length).toBeGreaterThan(5);
    for (const name of pictures) expect(existsSync(`test/screenshots/${name}`), name).toBe(true);
    const tracked = execFileSync('git', ['ls-files', 'test/screenshots/gallery'], { encoding: 'utf8' });
    expect(tracked).toBe('');
  });
});
