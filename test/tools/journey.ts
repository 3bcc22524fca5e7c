import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

export interface JourneyStep {
  name: string;
  file: string;
}

/** A page of either driver (Playwright's or puppeteer's) that can take a screenshot. */
interface Shootable {
  screenshot(options: { path: string; fullPage: boolean }): Promise<unknown>;
}

/** Screenshots of a journey's steps in `outDir`, numbered in the order they are taken, and their list. */
export function stepShooter(outDir: string): { steps: JourneyStep[]; shoot: (page: Shootable, name: string, fullPage?: boolean) => Promise<void> } {
  mkdirSync(outDir, { recursive: true });
  const steps: JourneyStep[] = [];
  const shoot = async (page: Shootable, name: string, fullPage = false) => {
    const file = join(outDir, `${String(steps.length + 1).padStart(2, '0')}-${name}.png`);
    await page.screenshot({ path: file, fullPage });
    steps.push({ name, file });
  };
  return { steps, shoot };
}

/** Waits until a viewer page shows its resource (or an error): its heading is there and nothing is loading. */
async function settled(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('main .skeleton, main .busy, main [aria-busy="true"]'));
  await page.locator('main').getByText(/\S/).first().waitFor();
  await page.evaluate(() => document.fonts.ready);
}

/**
 * The path a new user takes: open the popup, connect, approve on the service's consent page, read
 * the summary, open the inbox, open a letter. Each step leaves a screenshot in `outDir`.
 */
export async function runJourney(context: BrowserContext, extensionId: string, outDir: string): Promise<JourneyStep[]> {
  const { steps, shoot } = stepShooter(outDir);

  // The toolbar popup is as tall as its content: a short viewport and full-page shots show it so.
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 380, height: 120 });
  await popup.goto(`chrome-extension://${extensionId}/src/popup/popup.html`);
  await popup.getByRole('button', { name: 'Connect' }).waitFor();
  await shoot(popup, 'popup-signed-out', true);

  const consentOpened = context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize') });
  await popup.getByRole('button', { name: 'Connect' }).click();
  const consent = await consentOpened;
  await consent.getByRole('button', { name: 'Approve' }).waitFor();
  // The whole page, down to the Approve and Decline buttons.
  await shoot(consent, 'consent', true);
  await consent.getByRole('button', { name: 'Approve' }).click();

  await popup.locator('.summary h1').waitFor();
  // The newest letters, not their skeleton: the worker fetches them after the summary.
  await popup.locator('.letter-list .letter').first().waitFor();
  await popup.waitForFunction(() => !document.querySelector('.skeleton'));
  // The pointer left where Connect was would hover the first letter.
  await popup.mouse.move(379, 0);
  await shoot(popup, 'popup-summary', true);

  const inboxOpened = context.waitForEvent('page');
  await popup.getByRole('region', { name: 'Mailbox' }).getByRole('button', { name: /^Inbox/ }).click();
  const viewer = await inboxOpened;
  await viewer.setViewportSize({ width: 1000, height: 720 });
  await settled(viewer);
  await shoot(viewer, 'inbox');

  // An invoice with a PDF (the seed's seventh letter, as in the gallery): the letter a newcomer most
  // likely wants to read, drawn by the reader. The first "Faktura" is a picture of a few bytes.
  await viewer.locator('main .letter-row').nth(6).locator('a.letter-link').click();
  await viewer.locator('.pdf-page[data-drawn="true"]').first().waitFor();
  await settled(viewer);
  await shoot(viewer, 'letter');
  return steps;
}
