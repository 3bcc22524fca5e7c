import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

export interface JourneyStep {
  name: string;
  file: string;
}

/**
 * The path a new user takes: open the popup, connect, approve on the service's consent page, read
 * the summary, open the inbox, open a letter. Each step leaves a screenshot in `outDir`.
 */
export async function runJourney(context: BrowserContext, extensionId: string, outDir: string): Promise<JourneyStep[]> {
  mkdirSync(outDir, { recursive: true });
  const steps: JourneyStep[] = [];
  const shoot = async (page: Page, name: string, fullPage = false) => {
    const file = join(outDir, `${String(steps.length + 1).padStart(2, '0')}-${name}.png`);
    await page.screenshot({ path: file, fullPage });
    steps.push({ name, file });
  };

  const popup = await context.newPage();
  await popup.setViewportSize({ width: 380, height: 600 });
  await popup.goto(`chrome-extension://${extensionId}/src/popup/popup.html`);
  await popup.getByRole('button', { name: 'Connect' }).waitFor();
  await shoot(popup, 'popup-signed-out');

  const consentOpened = context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize') });
  await popup.getByRole('button', { name: 'Connect' }).click();
  const consent = await consentOpened;
  await consent.getByRole('button', { name: 'Approve' }).waitFor();
  await shoot(consent, 'consent');
  await consent.getByRole('button', { name: 'Approve' }).click();

  await popup.locator('.summary h1').waitFor();
  await shoot(popup, 'popup-summary', true);

  const inboxOpened = context.waitForEvent('page');
  await popup.getByRole('button', { name: /document_inbox/ }).first().click();
  const viewer = await inboxOpened;
  await viewer.setViewportSize({ width: 1100, height: 800 });
  await viewer.locator('h1').waitFor();
  await viewer.locator('main table, main .fields').first().waitFor();
  await shoot(viewer, 'inbox');

  await viewer.locator('.link-item', { hasText: 'self' }).first().getByRole('link', { name: 'Open' }).click();
  await viewer.waitForURL(/rel=/);
  await viewer.locator('main .fields').first().waitFor();
  await shoot(viewer, 'letter');
  return steps;
}
