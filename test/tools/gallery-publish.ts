// The last step of `npm run screenshots`: each gallery picture the documents show is copied from
// the gallery (test/screenshots/gallery/, not in git) to test/screenshots/, where git keeps it
// (documented-pictures.ts says why). A picture whose bytes did not change is not written at all.
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { documentedGalleryPictures } from './documented-pictures.ts';

const GALLERY = resolve(process.env.GALLERY_DIR ?? 'test/screenshots/gallery');
const KEPT = resolve('test/screenshots');

let missing = 0;
for (const name of documentedGalleryPictures()) {
  const made = join(GALLERY, name);
  const kept = join(KEPT, name);
  if (!existsSync(made)) {
    // The README's own steps (01-…) are written to test/screenshots/ directly by npm start.
    if (existsSync(kept)) continue;
    console.error(`✗ ${name} is shown by the documents, but no step of npm run screenshots made it`);
    missing += 1;
    continue;
  }
  if (existsSync(kept) && readFileSync(kept).equals(readFileSync(made))) continue;
  copyFileSync(made, kept);
  console.log(`  test/screenshots/${name} (shown by the documents)`);
}
process.exit(missing === 0 ? 0 : 1);
