// `npm run store-pictures`: the stores' pictures in store/pictures/, in English and Norwegian
// Bokmål, from the extension running against the emulator (the gallery's signed-in session, its
// fictional person): three screenshots at 1280×800 (the popup beside a caption, the inbox, an
// invoice) and a 440×280 promo tile. The inbox is a fictional everyday one (senders that do not
// exist, letters over some weeks) instead of the emulator's test letters, which are made to trip
// the extension up (markup in a subject, a locked letter from an electricity company). Made again
// after a change to what they show; committed.
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import type { NewLetter } from '../emulator/admin-client.ts';
import { gone, settled, shootTop, signedInForPictures, startPictureService, tabOfSize } from '../support/gallery-session.ts';
import { cachedLink, viewerPageFor } from '../support/helpers.ts';
import { css, text } from '../support/person.ts';

const OUT = resolve('store/pictures');
const SCREEN = { width: 1280, height: 800 };
const TILE = { width: 440, height: 280 };
/** Chrome's popup: 380 px wide, as tall as its content up to 600 px. */
const POPUP = { width: 380, height: 600 };
/** The pages' own font stack (src/ui/theme.css). */
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

const LANGS = [
  {
    lang: 'en-US',
    tag: 'en',
    connect: 'Connect',
    name: 'Digipost Mailbox',
    headline: 'Your Digipost mailbox, one click away',
    text: 'Unread letters, invoices due and your folders, right in the toolbar.',
    tagline: 'Your mailbox in the toolbar',
    independent: 'An independent client, not made by Posten or Digipost',
  },
  {
    lang: 'nb',
    tag: 'nb',
    connect: 'Koble til',
    name: 'Digipost-postkasse',
    headline: 'Digipost-postkassen din, ett klikk unna',
    text: 'Uleste brev, fakturaer som forfaller og mappene dine, rett i verktøylinjen.',
    tagline: 'Postkassen din i verktøylinjen',
    independent: 'En uavhengig klient, ikke laget av Posten eller Digipost',
  },
] as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const INVOICE_SUBJECT = 'Faktura for strøm, november';

/** The invoice letter's own page, as an energy company might send it (HTML, shown in the sandbox). */
const INVOICE_HTML = `<!doctype html><html lang="nb"><head><meta charset="utf-8"><style>
  body { font: 15px/1.5 Georgia, serif; color: #222; margin: 40px 56px; }
  h1 { font: 600 24px/1.2 Arial, sans-serif; color: #1d4f7a; margin: 0 0 4px; }
  .from { font: 13px Arial, sans-serif; color: #555; margin-bottom: 28px; }
  table { border-collapse: collapse; width: 100%; max-width: 560px; margin: 16px 0; font: 14px Arial, sans-serif; }
  td { padding: 6px 0; border-bottom: 1px solid #ddd; } td.sum { text-align: right; }
  tr.total td { font-weight: 700; border-bottom: 2px solid #1d4f7a; }
</style></head><body>
  <h1>Nordlys Energi</h1><div class="from">Faktura 2026-118430 · Kundenummer 40 21 77</div>
  <p>Hei Kari,</p><p>her er fakturaen for strøm i november for Sjøgata 14, Fjordby.</p>
  <table>
    <tr><td>Strøm, 1 046 kWh à 0,89 kr</td><td class="sum">930,94</td></tr>
    <tr><td>Fastbeløp, november</td><td class="sum">49,00</td></tr>
    <tr><td>Merverdiavgift 25 %</td><td class="sum">244,99</td></tr>
    <tr><td>Øreavrunding og påslag</td><td class="sum">59,57</td></tr>
    <tr class="total"><td>Å betale</td><td class="sum">1 284,50</td></tr>
  </table>
  <p>Takk for at du er kunde hos oss.</p>
</body></html>`;

/** An everyday mailbox, newest first: who sent what, how long ago. */
function fictionalLetters(now: number): NewLetter[] {
  const due = new Date(now + 12 * DAY).toISOString().slice(0, 10);
  const letter = (creatorName: string, subject: string, ago: number, more: Partial<NewLetter> = {}): NewLetter => ({
    creatorName,
    subject,
    created: now - ago,
    read: ago > 28 * HOUR,
    ...more,
  });
  return [
    letter('Nordlys Energi AS', INVOICE_SUBJECT, 2 * HOUR, {
      html: INVOICE_HTML,
      invoice: { kid: '0040217711843004', accountNumber: '15036627781', amount: 1284.5, dueDate: due, sendToBank: true },
    }),
    letter('Fjordby kommune', 'Svar på søknad om barnehageplass', 5 * HOUR, { origin: 'PUBLIC_ENTITY' }),
    letter('Tannlegene i Sentrum', 'Innkalling til kontroll', 21 * HOUR),
    letter('Vestvik Boligbyggelag', 'Innkalling til generalforsamling', 27 * HOUR),
    letter('Nordbanken', 'Årsoppgave 2025', 3 * DAY),
    letter('Forsikringshuset', 'Fornyelse av innboforsikring', 4 * DAY),
    letter('Fjordby kommune', 'Eiendomsskatt 2027', 6 * DAY, { origin: 'PUBLIC_ENTITY' }),
    letter('Kystlaks AS', 'Lønnsslipp november', 7 * DAY),
    letter('Helseklinikken Fjordby', 'Timebekreftelse', 9 * DAY, { authenticationLevel: 'IDPORTEN_4' }),
    letter('', 'Husleiekontrakt', 12 * DAY, { origin: 'UPLOADED' }),
    letter('Nordbanken', 'Endring i vilkår for brukskonto', 14 * DAY),
    letter('Vestvik Boligbyggelag', 'Referat fra styremøte', 20 * DAY),
    letter('Fjordby kommune', 'Avlesning av vannmåler', 25 * DAY, { origin: 'PUBLIC_ENTITY' }),
    letter('Forsikringshuset', 'Skademelding mottatt', 28 * DAY),
    letter('Nordlys Energi AS', 'Faktura for strøm, oktober', 33 * DAY, {
      invoice: {
        kid: '0040217711801904',
        accountNumber: '15036627781',
        amount: 1096.2,
        dueDate: new Date(now - 19 * DAY).toISOString().slice(0, 10),
        paid: true,
      },
    }),
    letter('Kystlaks AS', 'Lønnsslipp oktober', 37 * DAY),
  ];
}

const dataUrl = (png: Uint8Array) => `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
const icon = dataUrl(readFileSync('store/icon-128.png'));

/** A picture drawn from HTML (no network: the images are data addresses), saved at the page's size. */
async function compose(page: Page, size: { width: number; height: number }, html: string, file: string): Promise<void> {
  await page.setViewport(size);
  await page.setContent(`<!doctype html><html><head><meta charset="utf-8"><style>
    * { box-sizing: border-box; margin: 0; }
    body { width: ${size.width}px; height: ${size.height}px; overflow: hidden; font-family: ${FONT}; }
  </style></head><body>${html}</body></html>`);
  await settled(page);
  await page.screenshot({ path: join(OUT, file) });
  console.log(`  store/pictures/${file}`);
}

mkdirSync(OUT, { recursive: true });
// No seeded inbox letters: the pictures' own come in their place.
const emulator = await startPictureService({ letters: 0 });
try {
  const now = emulator.now();
  for (const words of LANGS) {
    // The same mailbox for each language: the last one's opened invoice is unread again.
    await emulator.admin.reset();
    for (const letter of fictionalLetters(now).reverse()) await emulator.admin.addLetter(letter);
    const h = await signedInForPictures(emulator, {
      lang: words.lang,
      colorScheme: 'light',
      connect: words.connect,
      scopes: [
        'READ_ACCOUNT_INFO',
        'READ_DOCUMENT_META_INFO',
        'READ_DOCUMENT_CONTENT',
        'READ_RECEIPTS',
        'READ_SETTINGS',
        'UPDATE_DOCUMENT',
      ],
    });
    try {
      console.log(`Store pictures, ${words.lang}:`);
      // 1: the popup, as Chrome shows it, beside what it is.
      const popup = await tabOfSize(h, POPUP);
      await h.goto(popup, h.url('src/popup/popup.html'));
      await css(popup, '.summary h1').wait();
      await css(popup, '.letter-list .letter').wait();
      await gone(popup, '.fetched .updating:not(.idle)');
      await popup.mouse.move(POPUP.width - 1, 0);
      await settled(popup);
      const height = await popup.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
      const popupPicture = await shootTop(popup, { width: POPUP.width, height: Math.min(height, POPUP.height) });
      await popup.close();

      const canvas = await h.browser.newPage();
      await compose(
        canvas,
        SCREEN,
        `<div style="display:flex; align-items:center; gap:72px; height:100%; padding:0 96px; background:linear-gradient(135deg, #fbf3f3, #f1e4e5);">
          <div style="flex:1; color:#1b1b1f;">
            <img src="${icon}" width="96" height="96" style="display:block; margin:0 0 28px -16px;" alt="">
            <h1 style="font-size:46px; line-height:1.15; font-weight:700; letter-spacing:-0.01em;">${words.headline}</h1>
            <p style="margin-top:20px; font-size:24px; line-height:1.45; color:#45454d;">${words.text}</p>
            <p style="margin-top:36px; font-size:17px; color:#6b6b74;">${words.independent}</p>
          </div>
          <img src="${dataUrl(popupPicture)}" width="${POPUP.width}" style="border-radius:10px; box-shadow:0 24px 60px rgba(60,20,25,0.22), 0 2px 8px rgba(60,20,25,0.12);" alt="">
        </div>`,
        `${words.tag}-1-popup.png`,
      );

      // 2 and 3: the mailbox reader at the stores' size, as it is.
      const page = await tabOfSize(h, SCREEN);
      await h.goto(page, await viewerPageFor(h, { url: await cachedLink(h, 'account', 'document_inbox'), relation: 'document_inbox' }));
      await css(page, '.letter-row').wait();
      await page.mouse.move(SCREEN.width - 1, SCREEN.height - 1);
      await settled(page);
      await page.screenshot({ path: join(OUT, `${words.tag}-2-inbox.png`) });
      console.log(`  store/pictures/${words.tag}-2-inbox.png`);
      // The invoice, with its payment panel and the letter itself.
      await text(page, INVOICE_SUBJECT, '.letter-row').click();
      const letterFrame = (await css(page, 'iframe.letter-frame').waitHandle()) as ElementHandle<HTMLIFrameElement>;
      const frame = await letterFrame.contentFrame();
      await frame.waitForFunction(
        (words: string) => (document.body as HTMLElement | null)?.textContent.includes(words),
        { polling: 100 },
        'Å betale',
      );
      await page.mouse.move(SCREEN.width - 1, SCREEN.height - 1);
      await settled(page);
      await page.screenshot({ path: join(OUT, `${words.tag}-3-invoice.png`) });
      console.log(`  store/pictures/${words.tag}-3-invoice.png`);

      // The promo tile: the icon, the name, what it is, and whose it is not.
      await compose(
        canvas,
        TILE,
        `<div style="display:flex; flex-direction:column; justify-content:center; height:100%; padding:0 36px; background:linear-gradient(135deg, #fbf3f3, #f1e4e5); color:#1b1b1f;">
          <div style="display:flex; align-items:center; gap:14px;">
            <img src="${icon}" width="80" height="80" style="margin:-10px;" alt="">
            <h1 style="font-size:26px; line-height:1.1; font-weight:700; margin-left:8px; white-space:nowrap;">${words.name}</h1>
          </div>
          <p style="margin-top:22px; font-size:21px; line-height:1.3; color:#2b2b31;">${words.tagline}</p>
          <p style="margin-top:10px; font-size:13px; line-height:1.35; color:#5f5f68;">${words.independent}</p>
        </div>`,
        `${words.tag}-promo-tile-440x280.png`,
      );
    } finally {
      await h.close();
    }
  }
} finally {
  await emulator.stop();
}
