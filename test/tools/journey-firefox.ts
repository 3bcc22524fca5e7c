import type { ElementHandle } from 'puppeteer-core';
import type { FirefoxWithExtension } from '../support/firefox.ts';
import { click, control, shows, WAIT, waitFor } from '../support/firefox-page.ts';
import { stepShooter, type JourneyStep } from './journey.ts';

/**
 * The new user's path of journey.ts, in Firefox: open the popup, connect, approve in the window
 * identity.launchWebAuthFlow opens, read the summary, open the inbox, open an invoice. Each step
 * leaves a screenshot in `outDir`.
 */
export async function runFirefoxJourney(firefox: FirefoxWithExtension, userName: string, outDir: string): Promise<JourneyStep[]> {
  const { steps, shoot } = stepShooter(outDir);

  // The toolbar popup is as tall as its content: a narrow viewport and full-page shots show it so.
  const popup = await firefox.openPage('src/popup/popup.html');
  await popup.setViewport({ width: 380, height: 120 });
  await control(popup, 'Connect', true);
  await shoot(popup, 'popup-signed-out', true);

  const consent = await firefox.nextPage(() => click(popup, 'Connect', true), (t) => t.url().includes('/oauth/authorize'));
  await control(consent, 'Approve', true);
  await shoot(consent, 'consent');
  await click(consent, 'Approve', true);

  await waitFor(popup, (name: string) => [...document.querySelectorAll('h1')].some((h) => h.textContent.trim() === name), WAIT, userName);
  // The newest letters, not their skeleton: the worker fetches them after the summary.
  await waitFor(popup, () => document.querySelector('.letter-list .letter') !== null && !document.querySelector('.skeleton'), WAIT);
  // The pointer left where Connect was would hover the first letter.
  await popup.mouse.move(379, 0);
  await shoot(popup, 'popup-summary', true);

  const viewer = await firefox.nextPage(() => click(popup, 'Inbox'));
  await viewer.setViewport({ width: 1000, height: 720 });
  await waitFor(viewer, () => document.querySelector('h1')?.textContent.trim() === 'Inbox', WAIT);
  await shows(viewer, 'Faktura');
  await shoot(viewer, 'inbox');

  // The invoice with a PDF that journey.ts opens in Chromium (the seed's seventh letter), its first
  // page drawn: the first "Faktura" in the list is a picture of a few bytes.
  const invoice = await waitFor(viewer, () => document.querySelectorAll('main .letter-row a.letter-link')[6], WAIT);
  await (invoice as ElementHandle).click();
  await waitFor(viewer, () => document.querySelector('.pdf-page[data-drawn="true"]') !== null && !document.querySelector('main .busy'), WAIT);
  await shoot(viewer, 'letter');
  return steps;
}
