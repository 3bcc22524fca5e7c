import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import type { ExtensionBrowser } from '../support/extension-browser.ts';
import { gone, nth, settled } from '../support/gallery-session.ts';
import { actInClosingPopup, css, role, roleSelector, text, until } from '../support/person.ts';

export interface JourneyStep {
  name: string;
  file: string;
}

/** Screenshots of a journey's steps in `outDir`, numbered in the order they are taken, and their list. */
function stepShooter(outDir: string): { steps: JourneyStep[]; shoot: (page: Page, name: string, fullPage?: boolean) => Promise<void> } {
  mkdirSync(outDir, { recursive: true });
  const steps: JourneyStep[] = [];
  const shoot = async (page: Page, name: string, fullPage = false) => {
    const file = join(outDir, `${String(steps.length + 1).padStart(2, '0')}-${name}.png`);
    await settled(page);
    await page.screenshot({ path: file, fullPage });
    steps.push({ name, file });
  };
  return { steps, shoot };
}

/** Waits until a viewer page shows its resource (or an error): its heading is there and nothing is loading. */
async function viewerSettled(page: Page): Promise<void> {
  await css(page, 'main h1').wait();
  await gone(page, 'main .skeleton, main .busy, main [aria-busy="true"]');
  await until(page, 'The viewer showed no text.', () => /\S/.test(document.querySelector('main')?.textContent ?? ''));
}

/**
 * The path a new user takes, in either browser: open the popup, connect, approve on the service's
 * consent page, read the summary, open the inbox, open a letter. Each step leaves a screenshot in
 * `outDir`.
 */
export async function runJourney(extension: ExtensionBrowser, outDir: string): Promise<JourneyStep[]> {
  const { steps, shoot } = stepShooter(outDir);

  // The toolbar popup is as tall as its content: a short viewport and full-page shots show it so.
  const popup = await extension.browser.newPage();
  await popup.setViewport({ width: 380, height: 120 });
  await extension.goto(popup, extension.url('src/popup/popup.html'));
  await role(popup, 'button', 'Connect').wait();
  await shoot(popup, 'popup-signed-out', true);

  const consent = await extension.nextPage(
    () => role(popup, 'button', 'Connect').click(),
    (address) => address.includes('/oauth/authorize'),
  );
  await role(consent, 'button', 'Approve').wait();
  // The whole page, down to the Approve and Decline buttons.
  await shoot(consent, 'consent', true);
  await role(consent, 'button', 'Approve').click();

  await css(popup, '.summary h1').wait();
  // The newest letters, not their skeleton: the worker fetches them after the summary.
  await css(popup, '.letter-list .letter').wait();
  await gone(popup, '.skeleton');
  // The pointer left where Connect was would hover the first letter.
  await popup.mouse.move(379, 0);
  await shoot(popup, 'popup-summary', true);

  // The inbox's place in the popup's Mailbox section (its name goes on with the unread count); the
  // popup may close itself once it has opened the tab.
  const viewer = await extension.nextPage(() =>
    actInClosingPopup(popup, () => text(popup, 'Inbox', roleSelector('region', 'Mailbox')).click()),
  );
  await viewer.setViewport({ width: 1000, height: 720 });
  await viewerSettled(viewer);
  // The pointer left where the popup's Inbox was would hover a place of the side list.
  await viewer.mouse.move(200, 25);
  await shoot(viewer, 'inbox');

  // An invoice with a PDF (the seed's seventh letter, as in the gallery): the letter a newcomer most
  // likely wants to read, drawn by the reader. The first "Faktura" is a picture of a few bytes.
  await (await nth(viewer, 'main .letter-row a.letter-link', 6)).click();
  await css(viewer, '.pdf-page[data-drawn="true"]').wait();
  await viewerSettled(viewer);
  await shoot(viewer, 'letter');
  return steps;
}
