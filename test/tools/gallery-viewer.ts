// The viewer's part of the screenshots gallery (`npm run screenshots`): every kind of viewer page,
// in light and dark, in English, Norwegian Bokmål and Nynorsk, wide and narrow, against the emulator.
// Writes test/screenshots/gallery/viewer-<view>-<lang>-<theme>.png.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import { gone, nth, settled, signedInForPictures, startPictureService, tabOfSize } from '../support/gallery-session.ts';
import { cachedLink, dropRootCache, viewerPageFor } from '../support/helpers.ts';
import { css, role, text, until } from '../support/person.ts';
import { startEmulator } from '../emulator/index.ts';
import { OWN_STORAGE } from '../emulator/mailboxes.ts';

const OUT = resolve(process.env.GALLERY_DIR ?? 'test/screenshots/gallery');
const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 420, height: 800 };
const LANGS = [
  { lang: 'en-US', tag: 'en', connect: 'Connect', search: 'Search' },
  { lang: 'nb', tag: 'nb', connect: 'Koble til', search: 'Søk' },
  { lang: 'nn', tag: 'nn', connect: 'Kople til', search: 'Søk' },
] as const;
const THEMES = ['light', 'dark'] as const;

/** GALLERY_SCENES=filing draws only the filing scenes (to look at them without redrawing the rest). */
const ONLY_FILING = process.env.GALLERY_SCENES === 'filing';

/** The letter's main document drawn, not its "Opening…". */
async function documentShown(page: Page): Promise<void> {
  await until(page, "The letter's document was not drawn.", () => {
    const main = document.querySelector('.main-document');
    return (
      main && !main.querySelector('.busy, [aria-busy="true"]') && main.querySelector('.pdf-page[data-drawn="true"], .content-image, iframe')
    );
  });
}

async function shoot(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.screenshot({ path: join(OUT, `${name}.png`), fullPage: false });
  console.log(`  ${name}.png`);
}

mkdirSync(OUT, { recursive: true });
// With a mailbox shared with the person, as npm start serves it: the side list shows both mailboxes.
const emulator = await startPictureService({ sharedMailbox: true, dataTypeLetters: true });
try {
  for (const { lang, tag, connect, search } of ONLY_FILING ? [] : LANGS) {
    for (const theme of THEMES) {
      const suffix = `${tag}-${theme}`;
      const h = await signedInForPictures(emulator, {
        lang,
        colorScheme: theme,
        connect,
        scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT', 'READ_RECEIPTS', 'READ_SETTINGS'],
      });
      try {
        const page = await tabOfSize(h, WIDE);
        const open = async (where: 'root' | 'account', relation: string) => {
          await h.goto(page, await viewerPageFor(h, { url: await cachedLink(h, where, relation), relation }));
        };
        console.log(`Viewer, ${lang}, ${theme}:`);
        await open('account', 'document_inbox');
        await css(page, '.letter-row').wait();
        await shoot(page, `viewer-inbox-${suffix}`);
        // By keyboard: j twice, the second letter's row with its focus ring.
        await page.keyboard.press('j');
        await page.keyboard.press('j');
        await shoot(page, `viewer-inbox-keyboard-${suffix}`);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.setViewport(NARROW);
        await shoot(page, `viewer-inbox-narrow-${suffix}`);
        await page.setViewport(WIDE);

        await (await nth(page, '.letter-row a', 6)).click();
        await css(page, '.pdf-page[data-drawn="true"]').wait();
        await shoot(page, `viewer-letter-invoice-${suffix}`);
        await page.goBack();
        await (await nth(page, '.letter-row a', 2)).click();
        await css(page, '.info-panel').wait();
        await shoot(page, `viewer-letter-locked-${suffix}`);
        await page.goBack();
        await (await nth(page, '.letter-row a', 3)).click();
        await css(page, '.info-panel').wait();
        await shoot(page, `viewer-letter-receipt-${suffix}`);
        await page.goBack();
        await (await nth(page, '.letter-row a', 5)).click();
        await css(page, '.attachment').wait();
        await documentShown(page);
        await shoot(page, `viewer-letter-documents-${suffix}`);

        // Back to the inbox while the service does not answer: the list from the tab's memory.
        await page.goBack();
        await (await nth(page, '.letter-row a', 7)).click();
        await css(page, '.letter-head').wait();
        await emulator.admin.configure({ gatewayDown: true });
        try {
          await page.goBack();
          await css(page, 'main .offline').wait();
          await shoot(page, `viewer-inbox-from-memory-${suffix}`);
        } finally {
          await emulator.admin.configure({ gatewayDown: false });
        }
        await css(page, 'main .offline .link-button').click();
        await until(page, 'The list was not read afresh.', () => !document.querySelector('main .offline'));
        // A letter on a slow connection: what the list knew of it at once, the rest on its way.
        await emulator.admin.configure({ latencyMs: 4000 });
        try {
          await (await nth(page, '.letter-row a', 7)).click();
          await css(page, 'main .main-document .busy').wait();
          await shoot(page, `viewer-letter-opening-${suffix}`);
          await css(page, '.letter-details summary').wait();
        } finally {
          await emulator.admin.configure({ latencyMs: 0 });
        }

        await (await nth(page, '.mailbox-nav a', 1)).click();
        await css(page, '.letter-row').wait();
        await shoot(page, `viewer-folder-${suffix}`);
        // A mailbox shared with the person (npm start's emulator serves one): its inbox, whose it is, under the mailboxes.
        await (await nth(page, '.mailbox-switch a', 1)).click();
        await css(page, '.letter-row').wait();
        await shoot(page, `viewer-shared-inbox-${suffix}`);
        // The service's notice above the page, and the person's own mailbox nearly full: its storage
        // under the places in the warning's colours. The notice is dismissed after, as a person would.
        await emulator.admin.showNotice();
        await emulator.admin.setUsedStorage(Math.round(0.95 * OWN_STORAGE.totalAvailableStorage));
        try {
          // The root read afresh (the notice is on the service's root), so the inbox's address first.
          const inbox = await cachedLink(h, 'account', 'document_inbox');
          await dropRootCache(h);
          await h.goto(page, await viewerPageFor(h, { url: inbox, relation: 'document_inbox' }));
          await css(page, '.service-notice').wait();
          await css(page, '.letter-row').wait();
          await shoot(page, `viewer-notice-storage-full-${suffix}`);
          await css(page, '.service-notice button.primary').click();
          await gone(page, '.service-notice');
        } finally {
          await emulator.admin.setUsedStorage(OWN_STORAGE.usedStorage);
        }

        await open('account', 'receipts');
        await css(page, '.letter-row').wait();
        await shoot(page, `viewer-receipts-${suffix}`);
        await css(page, '.letter-row a').click();
        await css(page, '.receipt-paper').wait();
        await shoot(page, `viewer-receipt-${suffix}`);

        await open('root', 'search');
        await css(page, '#recipient-query').fill('kommune');
        await role(page, 'button', search).click();
        await css(page, '.recipient').wait();
        await shoot(page, `viewer-search-${suffix}`);
        await css(page, '#recipient-query').fill('zzz');
        await role(page, 'button', search).click();
        await css(page, '.search-results .empty-state').wait();
        await shoot(page, `viewer-search-none-${suffix}`);

        await open('account', 'account_settings');
        await css(page, '.fields').wait();
        await shoot(page, `viewer-resource-${suffix}`);
        await open('account', 'token_list');
        await css(page, '.fields').wait();
        await shoot(page, `viewer-resource-tokens-${suffix}`);
        await open('root', 'logout');
        await css(page, '.info-panel').wait();
        await shoot(page, `viewer-action-${suffix}`);
        // "All links from the service": only pages that show something, in words.
        await open('root', 'self');
        await css(page, '.place-list').wait();
        await shoot(page, `viewer-all-links-${suffix}`);
        // A gateway's 502: the sentence in words, the status folded under Details.
        await emulator.admin.failNext(1, '502', new URL(await cachedLink(h, 'account', 'document_inbox')).pathname);
        await open('account', 'document_inbox');
        await css(page, '[role="alert"]').wait();
        await shoot(page, `viewer-error-${suffix}`);

        // Letters of their own, added after every scene above has used the seed's order, and taken away after.
        await emulator.admin.addLetter({
          subject: 'Innkalling til time',
          creatorName: 'Oslo universitetssykehus',
          origin: 'PUBLIC_ENTITY',
          metadata: [
            {
              type: 'Appointment',
              title: 'Time hos øyelegen',
              startTime: '2026-12-03T09:30:00+01:00',
              endTime: '2026-12-03T10:15:00+01:00',
              arrivalTime: '2026-12-03T09:15:00+01:00',
              place: 'Ullevål sykehus, bygg 36',
              address: { streetAddress: 'Kirkeveien 166', postalCode: '0450', city: 'Oslo' },
              info: [{ title: 'Ta med', text: 'Legitimasjon og brillene du bruker i dag.' }],
            },
          ],
        });
        await emulator.admin.addLetter({
          subject: 'Strømregning november',
          creatorName: 'Fjordkraft',
          invoice: {
            kid: '004512987341',
            accountNumber: '15034700879',
            amount: 1299.5,
            dueDate: '2026-12-20',
            sendToBank: true,
            payment: { debitorBankAccount: '12345678903', bank: 'DNB', bankHomepage: 'https://www.dnb.no/' },
          },
        });
        await open('account', 'document_inbox');
        await (await nth(page, '.letter-row a', 0)).click();
        await css(page, '.invoice-panel').wait();
        await shoot(page, `viewer-letter-invoice-sent-${suffix}`);
        await page.goBack();
        await (await nth(page, '.letter-row a', 1)).click();
        await css(page, '.calendar-card').wait();
        await documentShown(page);
        await shoot(page, `viewer-letter-appointment-${suffix}`);
        // The letters with structured data (the emulator's dataTypeLetters, #46): each card on its letter's page, found by its subject.
        for (const [scene, subject] of [
          ['parcel', 'Du har en pakke til henting'],
          ['debt-collection', 'Inkassovarsel'],
          ['receipt', 'Kvittering fra Rema 1000'],
          ['payslip', 'Lønnsslipp for november'],
          ['signed-document', 'Signert: Leiekontrakt'],
          ['proof', 'Fiskekort for Nordmarka'],
          ['residence', 'Opplysninger om boligen din'],
          ['share-documents', 'DNB ber deg dele'],
          ['credential', 'Førerkortet ditt er klart'],
        ] as const) {
          await open('account', 'document_inbox');
          await text(page, subject, '.letter-row').click();
          await css(page, '.metadata-card').wait();
          await documentShown(page);
          await shoot(page, `viewer-letter-${scene}-${suffix}`);
        }
        // Invoices in the list: one overdue (its own colours, sign and words), one due soon, and a
        // subject too long for its row.
        const day = (days: number) => new Date(emulator.now() + days * 86_400_000).toISOString().slice(0, 10);
        await emulator.admin.addLetter({
          subject: 'Purring: Strømregning oktober',
          creatorName: 'Fjordkraft',
          invoice: { kid: '004512987342', accountNumber: '15034700879', amount: 1874.25, dueDate: day(-6) },
        });
        await emulator.admin.addLetter({
          subject: 'Faktura for barnehageplass, desember 2026, med matpenger og utflukt til Bygdøy',
          creatorName: 'Oslo kommune, Bydel Grünerløkka',
          invoice: { kid: '004512987343', accountNumber: '15034700879', amount: 3630, dueDate: day(9) },
        });
        await open('account', 'document_inbox');
        await css(page, '.invoice-overdue').wait();
        await shoot(page, `viewer-inbox-invoices-${suffix}`);
        // Far down a long list the side list is still there, under the top bar.
        await page.evaluate(() => window.scrollTo(0, 1400));
        await shoot(page, `viewer-inbox-scrolled-${suffix}`);
        await emulator.admin.reset();
      } finally {
        await h.close();
      }
    }
  }
  await filingScenes(emulator);
} finally {
  await emulator.stop();
}

/**
 * Filing (with UPDATE_DOCUMENT and DELETE_DOCUMENT): a row's menu, the letter page's Move menu,
 * the delete confirmation, the toast with Undo, and the folder tools. Drawn last: moving a letter
 * changes the mailbox, and Undo puts it back.
 */
async function filingScenes(emulator: Awaited<ReturnType<typeof startEmulator>>): Promise<void> {
  for (const { lang, tag, connect } of LANGS) {
    for (const theme of THEMES) {
      const suffix = `${tag}-${theme}`;
      const h = await signedInForPictures(emulator, {
        lang,
        colorScheme: theme,
        connect,
        scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT', 'UPDATE_DOCUMENT', 'DELETE_DOCUMENT'],
      });
      try {
        const page = await tabOfSize(h, WIDE);
        console.log(`Viewer filing, ${lang}, ${theme}:`);
        await h.goto(page, await viewerPageFor(h, { url: await cachedLink(h, 'account', 'document_inbox'), relation: 'document_inbox' }));
        await css(page, '.letter-row').wait();
        await (await nth(page, '.row-select', 1)).click();
        await (await nth(page, '.row-select', 4)).click();
        await (await nth(page, '.letter-row .row-menu-button', 4)).click();
        await css(page, '.menu').wait();
        await shoot(page, `viewer-filing-row-menu-${suffix}`);
        await page.keyboard.press('Escape');
        await css(page, '.selection-bar .menu-wrap button').click();
        await css(page, '.menu').wait();
        await shoot(page, `viewer-filing-bulk-${suffix}`);
        await page.keyboard.press('Escape');

        await (await nth(page, '.letter-row a', 6)).click();
        await css(page, '.letter-filing').wait();
        await documentShown(page);
        await css(page, '.letter-filing .menu-wrap button').click();
        await css(page, '.menu').wait();
        await shoot(page, `viewer-filing-move-${suffix}`);
        await page.keyboard.press('Escape');
        await css(page, '.letter-filing .danger-quiet').click();
        await css(page, '.confirm-dialog[open]').wait();
        await shoot(page, `viewer-filing-delete-${suffix}`);
        await page.keyboard.press('Escape');
        await gone(page, '.confirm-dialog');
        await css(page, '.letter-filing .filing-bar > button').click();
        await css(page, '.rename-form').wait();
        await shoot(page, `viewer-filing-rename-${suffix}`);
        await page.keyboard.press('Escape');
        // Moved to the first folder, the toast offers Undo; Undo puts the mailbox back as it was.
        await css(page, '.letter-filing .menu-wrap button').click();
        await (await nth(page, '.menu .menu-item', 1)).click();
        await css(page, '.toast button').wait();
        await shoot(page, `viewer-filing-undo-${suffix}`);
        await css(page, '.toast button').click();
        await css(page, '.toast:not(:has(button))').wait();

        await (await nth(page, '.mailbox-nav a', 1)).click();
        await css(page, '.folder-tools').wait();
        await css(page, '.folder-tools .filing-bar > button').click();
        await css(page, '.folder-form').wait();
        await shoot(page, `viewer-filing-folder-${suffix}`);
        await css(page, '.folder-tools .filing-bar > button').click();
        await gone(page, '.folder-form');
        await css(page, '.folder-tools .filing-bar .danger-quiet').click();
        await css(page, '.folder-tools .alert').wait();
        await shoot(page, `viewer-filing-folder-not-empty-${suffix}`);

        // A new folder whose answer a gateway lost while it stays down: the page cannot tell yet, and says so.
        await css(page, '.folder-tools .filing-bar > button').click();
        await css(page, '#folder-name').fill('Reiser');
        await emulator.admin.failNext(1, '504-after-down', '/post/api/private/accounts/', 'POST');
        await css(page, '.folder-form button[type="submit"]').click();
        await nth(page, '.folder-tools .alert .actions button', 1);
        await shoot(page, `viewer-filing-unknown-${suffix}`);
        await emulator.admin.reset();
      } finally {
        await h.close();
      }
    }
  }
}
