// Save to Digipost's part of the screenshots (`npm run screenshots`): the save page a right-click
// opens, with a PDF from the emulator's test site ready to save, in light and dark, in English and
// Norwegian Bokmål. Writes test/screenshots/gallery/save-<lang>-<theme>.png, and the README's
// test/screenshots/06-save-to-digipost.png from the English light one.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { settled, signedInForPictures, startPictureService } from '../support/gallery-session.ts';
import { css } from '../support/person.ts';

const OUT = resolve(process.env.GALLERY_DIR ?? 'test/screenshots/gallery');
const README_PICTURE = resolve('test/screenshots/06-save-to-digipost.png');
const LANGS = [
  { lang: 'en-US', tag: 'en', connect: 'Connect', subject: 'Payslip November' },
  { lang: 'nb', tag: 'nb', connect: 'Koble til', subject: 'Lønnsslipp november' },
  { lang: 'nn', tag: 'nn', connect: 'Kople til', subject: 'Lønnsslipp november' },
] as const;
const THEMES = ['light', 'dark'] as const;

interface MenuGlobal {
  chrome: { contextMenus: { onClicked: { dispatch(info: object): void } } };
}

mkdirSync(OUT, { recursive: true });
// With a mailbox shared with the person, as npm start serves it: the places are grouped by mailbox.
const emulator = await startPictureService({ sharedMailbox: true, dataTypeLetters: true });
try {
  for (const { lang, tag, connect, subject } of LANGS) {
    for (const theme of THEMES) {
      const h = await signedInForPictures(emulator, {
        lang,
        colorScheme: theme,
        connect,
        scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT', 'UPLOAD_DOCUMENT'],
      });
      try {
        // The menu's click, as the browser hands it to the worker (a test cannot open the real menu).
        const { inWorker } = h;
        if (!inWorker) throw new Error('the pictures are taken in Chromium, whose worker the driver reaches');
        const page = await h.nextPage(
          () =>
            inWorker(
              (url: string) =>
                (globalThis as unknown as MenuGlobal).chrome.contextMenus.onClicked.dispatch({
                  menuItemId: 'save-link',
                  linkUrl: url,
                  editable: false,
                }),
              `${emulator.url}/__site/payslip.pdf`,
            ),
          (address) => address.includes('/src/save/save.html'),
        );
        await page.setViewport({ width: 720, height: 480 });
        // The test site is on 127.0.0.1: the page asks before it fetches from this machine.
        await css(page, 'button.primary').click();
        await css(page, '#subject').fill(subject);
        await page.$eval('#subject', (input) => (input as HTMLInputElement).blur());
        await settled(page);
        const name = `save-${tag}-${theme}`;
        await page.screenshot({ path: join(OUT, `${name}.png`) });
        console.log(`  ${name}.png`);
        if (tag === 'en' && theme === 'light') copyFileSync(join(OUT, `${name}.png`), README_PICTURE);
      } finally {
        await h.close();
      }
    }
  }
} finally {
  await emulator.stop();
}
