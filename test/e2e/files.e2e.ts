import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Permission } from '../../src/shared/permissions.ts';
import { badgeText, cachedLink, showsAccount, signInWith, viewerPageFor } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { getJson, renameInInbox, signIn, type RootJson } from '../emulator/flow.ts';

/*
 * Filing letters in the viewer against the emulator: moving (with Undo), renaming, deleting after
 * the confirmation, folders, and what the emulator's log says was sent. Each test adds its own
 * letter (the newest, so the first row) through the emulator's admin API.
 */

const FILING: Permission[] = ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'UPDATE_DOCUMENT', 'DELETE_DOCUMENT'];

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ emulator: { letters: 10 } });
  await signInWith(h, FILING);
});
afterAll(async () => {
  await h.close();
});

async function openInbox(): Promise<Page> {
  const page = await h.context.newPage();
  await page.goto(await viewerPageFor(h, { url: await cachedLink(h, 'account', 'document_inbox'), relation: 'document_inbox' }));
  await page.locator('.letter-row').first().waitFor();
  return page;
}

/** A new letter, first in the inbox, and the page showing the inbox with it. */
async function inboxWithLetter(subject: string): Promise<{ page: Page; id: string }> {
  const { id } = await h.emulator.admin.addLetter({ subject, creatorName: 'Strømselskapet AS' });
  const page = await openInbox();
  await page.locator('.letter-row').first().getByText(subject).waitFor();
  return { page, id };
}

/** The changes to the mailbox the emulator received since the log was cleared (reads and sign-ins left out). */
async function writesLogged(): Promise<string[]> {
  return (await h.emulator.admin.requests()).filter((r) => r.method !== 'GET' && r.path.includes('/private/accounts/')).map((r) => `${r.method} ${r.path.replace(/^.*\/accounts\/[^/]+/, '')}`);
}

/** The inbox's unread count as the service has it, read with a token of its own. */
async function unreadOnService(): Promise<number> {
  const { access_token: token } = await signIn(h.emulator, 'READ_DOCUMENT_META_INFO');
  return (await getJson<RootJson>(`${h.emulator.url}/post/api`, token)).primaryAccount.unreadItemsInInbox;
}

const row = (page: Page, subject: string) => page.locator('.letter-row', { hasText: subject });

async function openFolder(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

describe('moving letters', () => {
  it('moves a letter from its row to a folder: gone from the inbox, there in the folder, one request', async () => {
    const { page, id } = await inboxWithLetter('Flytt meg til Skatt');
    await h.emulator.admin.clearRequests();
    await row(page, 'Flytt meg til Skatt').getByRole('button', { name: /Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Skatt' }).click();
    await page.getByRole('status').filter({ hasText: 'Moved to Skatt.' }).waitFor();
    await row(page, 'Flytt meg til Skatt').waitFor({ state: 'detached' });
    expect(await writesLogged()).toEqual([`POST /documents/${id}/update`]);

    await openFolder(page, 'Skatt');
    await row(page, 'Flytt meg til Skatt').waitFor();
    await page.close();

    // The popup's newest letters follow, without the letter that left the inbox.
    const popup = await h.openPopup();
    await showsAccount(h, popup);
    expect(await popup.getByText('Flytt meg til Skatt').count()).toBe(0);
    await popup.close();
  });

  it('Undo moves it back with a request of its own', async () => {
    const { page, id } = await inboxWithLetter('Angre flyttingen');
    await h.emulator.admin.clearRequests();
    // The keyboard: M on the focused row opens its menu, the arrows and Enter choose.
    await row(page, 'Angre flyttingen').locator('a').focus();
    await page.keyboard.press('m');
    await page.getByRole('menuitem', { name: 'Bolig' }).focus();
    await page.keyboard.press('Enter');
    await row(page, 'Angre flyttingen').waitFor({ state: 'detached' });
    // The focus is not lost with the row: it is on the row that took its place.
    await page.waitForFunction(() => document.activeElement?.closest('.letter-row') != null);
    await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
    await row(page, 'Angre flyttingen').waitFor();
    await page.getByRole('status').filter({ hasText: 'Undone.' }).waitFor();
    expect(await writesLogged()).toEqual([`POST /documents/${id}/update`, `POST /documents/${id}/update`]);
    // The service has it in the inbox again: a fresh page shows it.
    await page.reload();
    await row(page, 'Angre flyttingen').waitFor();
    await page.close();
  });

  it('moves several selected letters at once, and offers no bulk delete', async () => {
    await h.emulator.admin.addLetter({ subject: 'Første av to' });
    const { page } = await inboxWithLetter('Andre av to');
    await row(page, 'Første av to').getByRole('checkbox').check();
    await row(page, 'Andre av to').getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: '2 selected' });
    expect(await bar.getByRole('button', { name: /delete/i }).count()).toBe(0);
    await h.emulator.admin.clearRequests();
    await bar.getByRole('button', { name: 'Move the selected letters to…' }).click();
    await page.getByRole('menuitem', { name: 'Arkiv' }).click();
    await page.getByRole('status').filter({ hasText: '2 letters moved to Arkiv.' }).waitFor();
    expect(await row(page, 'av to').count()).toBe(0);
    expect((await writesLogged()).length).toBe(2);
    await page.close();
  });

  it('a 403 leaves the list as it was and says the permission was withdrawn', async () => {
    const { page } = await inboxWithLetter('Nektet flytting');
    // Refused twice: the worker tries once more with a fresh token before it believes a 403.
    await h.emulator.admin.failNext(2, '403', '/post/api/private/accounts/', 'POST');
    await row(page, 'Nektet flytting').getByRole('button', { name: /Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Skatt' }).click();
    await page.getByRole('alert').filter({ hasText: 'has been withdrawn. Nothing was changed.' }).waitFor();
    expect(await row(page, 'Nektet flytting').count()).toBe(1);
    await page.close();
  });
});

describe('a change whose answer never comes', () => {
  it('is read again rather than repeated: the move that took effect is shown as done, with one request', async () => {
    const { page, id } = await inboxWithLetter('Treg flytting');
    // The emulator files the letter and never answers; the worker gives up at its deadline.
    await h.emulator.admin.failNext(1, 'stall', '/post/api/private/accounts/', 'POST');
    await h.emulator.admin.clearRequests();
    await row(page, 'Treg flytting').getByRole('button', { name: /Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Skatt' }).click();
    await page.getByRole('status').filter({ hasText: 'Moved to Skatt.' }).waitFor();
    await row(page, 'Treg flytting').waitFor({ state: 'detached' });
    expect(await writesLogged()).toEqual([`POST /documents/${id}/update`]);
    // The worker read the letter again before deciding.
    const reads = (await h.emulator.admin.requests()).filter((r) => r.method === 'GET' && r.path.endsWith(`/documents/${id}`));
    expect(reads.length).toBeGreaterThanOrEqual(2);
    await page.close();
  });
});

describe('writes to one letter', () => {
  it('a rename asked while a move runs is not dropped: both reach the service in turn, and the letter ends in the folder with its new name', async () => {
    const { page, id } = await inboxWithLetter('Flytt og gi nytt navn');
    await row(page, 'Flytt og gi nytt navn').locator('a').click();
    await page.getByRole('heading', { level: 1, name: 'Flytt og gi nytt navn' }).waitFor();
    await h.emulator.admin.clearRequests();
    // The move is carried out and its answer never comes: it runs until the worker gives up and looks.
    await h.emulator.admin.failNext(1, 'stall', '/post/api/private/accounts/', 'POST');
    await page.getByRole('button', { name: 'Move to…' }).click();
    await page.getByRole('menuitem', { name: 'Skatt' }).click();
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('New subject').fill('Nytt navn i Skatt');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Nytt navn i Skatt' }).waitFor({ timeout: 30_000 });
    await page.getByRole('status').filter({ hasText: 'Renamed.' }).waitFor();
    expect(await writesLogged()).toEqual([`POST /documents/${id}/update`, `POST /documents/${id}/update`]);
    // The service has both: in Skatt, with the new name.
    await openFolder(page, 'Skatt');
    await row(page, 'Nytt navn i Skatt').waitFor();
    await page.close();
  });

  it('Undo after a rename made elsewhere in the meantime sends nothing and says what changed', async () => {
    const { page, id } = await inboxWithLetter('Før endringen');
    await row(page, 'Før endringen').locator('a').click();
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('New subject').fill('Etter endringen');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Etter endringen' }).waitFor();
    await renameInInbox(h.emulator, id, 'Endret på mobilen');
    await h.emulator.admin.clearRequests();
    await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('status').filter({ hasText: 'Not undone: the letter was renamed elsewhere to “Endret på mobilen”.' }).waitFor();
    expect(await writesLogged()).toEqual([]);
    await page.getByRole('heading', { level: 1, name: 'Endret på mobilen' }).waitFor();
    await page.close();
  });
});

describe('the letter page', () => {
  it('renames a letter inline; the heading and the inbox show the new subject', async () => {
    const { page, id } = await inboxWithLetter('Gammelt emne');
    await row(page, 'Gammelt emne').locator('a').click();
    await page.getByRole('heading', { level: 1, name: 'Gammelt emne' }).waitFor();
    await h.emulator.admin.clearRequests();
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('New subject').fill('Strøm mars');
    await page.getByRole('button', { name: 'Save' }).dblclick();
    await page.getByRole('heading', { level: 1, name: 'Strøm mars' }).waitFor();
    expect(await writesLogged()).toEqual([`POST /documents/${id}/update`]);
    await page.goBack();
    await row(page, 'Strøm mars').waitFor();

    // Undo gives the letter its old subject back, with a request of its own.
    await row(page, 'Strøm mars').locator('a').click();
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('New subject').fill('Strøm april');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Strøm april' }).waitFor();
    await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('heading', { level: 1, name: 'Strøm mars' }).waitFor();
    expect(await writesLogged()).toHaveLength(3);
    await page.close();
  });

  it('deletes a letter only after the confirmation; declining sends nothing; a double click sends one request', async () => {
    // Two unread letters since the badge was last counted: only a count after the delete shows one more.
    await h.emulator.admin.addLetter({ subject: 'Ulest nabo' });
    const { page, id } = await inboxWithLetter('Slett meg');
    await row(page, 'Slett meg').locator('a').click();
    await page.getByRole('heading', { level: 1, name: 'Slett meg' }).waitFor();
    await h.emulator.admin.clearRequests();

    await page.getByRole('button', { name: 'Delete…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this letter?' });
    await dialog.getByText('“Slett meg” from Strømselskapet AS will be deleted from your Digipost mailbox. This cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await writesLogged()).toEqual([]);

    const unread = await unreadOnService();
    await page.getByRole('button', { name: 'Delete…' }).click();
    await dialog.getByRole('button', { name: 'Delete the letter' }).dblclick();
    // Back in the inbox, without the letter.
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await page.locator('.letter-row').first().waitFor();
    expect(await row(page, 'Slett meg').count()).toBe(0);
    expect(await writesLogged()).toEqual([`DELETE /documents/${id}`]);
    // The letter was unread: the badge follows the service's count, one fewer.
    await expect.poll(async () => badgeText(await h.worker())).toBe(String(unread - 1));
    await page.close();
  });
});

describe('a long list, scrolled', () => {
  /** The inbox in a short window, scrolled so that the row of `subject` is near the window's bottom edge. */
  async function scrolledTo(page: Page, subject: string): Promise<number> {
    await page.setViewportSize({ width: 1000, height: 320 });
    await row(page, subject).evaluate((element) => element.scrollIntoView({ block: 'end' }));
    const scrolled = await page.evaluate(() => scrollY);
    expect(scrolled).toBeGreaterThan(100);
    return scrolled;
  }

  it("opens a row's menu upwards when there is no room below, inside the window", async () => {
    const page = await openInbox();
    const last = page.locator('.letter-row').last();
    const subject = ((await last.locator('.subject-text').textContent()) ?? '').trim();
    await scrolledTo(page, subject);
    await last.getByRole('button', { name: /Actions for/ }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const box = await menu.boundingBox();
    const button = await last.getByRole('button', { name: /Actions for/ }).boundingBox();
    expect(box && button).toBeTruthy();
    if (!box || !button) return;
    expect(box.y + box.height).toBeLessThanOrEqual(320);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(button.y + 1);
    // In a window with room below, a row's menu opens downwards, below its button.
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1000, height: 720 });
    await page.evaluate(() => scrollTo(0, 0));
    const first = page.locator('.letter-row').first();
    await first.getByRole('button', { name: /Actions for/ }).click();
    const below = await page.getByRole('menu').boundingBox();
    const firstButton = await first.getByRole('button', { name: /Actions for/ }).boundingBox();
    expect((below?.y ?? 0) + 1).toBeGreaterThanOrEqual((firstButton?.y ?? 0) + (firstButton?.height ?? 0));
    await page.close();
  });

  it('deleting a letter, from its page or its row, says "The letter was deleted." and leaves the list where it was', async () => {
    await h.emulator.admin.addLetter({ subject: 'Slett fra siden', creatorName: 'Strømselskapet AS' });
    await h.emulator.admin.addLetter({ subject: 'Slett fra raden', creatorName: 'Strømselskapet AS' });
    // Newer letters above them, so the list has something to scroll past.
    for (const subject of ['Nyere A', 'Nyere B', 'Nyere C', 'Nyere D', 'Nyere E', 'Nyere F']) await h.emulator.admin.addLetter({ subject });
    const page = await openInbox();
    // Scrolled to the far end of the list, then to the letter, so it sits at the window's bottom edge.
    await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
    const scrolled = await scrolledTo(page, 'Slett fra siden');

    await row(page, 'Slett fra siden').locator('a').click();
    await page.getByRole('heading', { level: 1, name: 'Slett fra siden' }).waitFor();
    await page.getByRole('button', { name: 'Delete…' }).click();
    await page.getByRole('dialog', { name: 'Delete this letter?' }).getByRole('button', { name: 'Delete the letter' }).click();
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'The letter was deleted.' }).waitFor();
    await row(page, 'Slett fra raden').waitFor();
    expect(await row(page, 'Slett fra siden').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(scrolled - 80);
    expect(await page.evaluate(() => scrollY)).toBeLessThan(scrolled + 80);

    const before = await page.evaluate(() => scrollY);
    await row(page, 'Slett fra raden').getByRole('button', { name: /Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Delete…' }).click();
    await page.getByRole('dialog', { name: 'Delete this letter?' }).getByRole('button', { name: 'Delete the letter' }).click();
    await row(page, 'Slett fra raden').waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'The letter was deleted.' }).waitFor();
    expect(Math.abs((await page.evaluate(() => scrollY)) - before)).toBeLessThan(80);
    await page.close();
  });
});

describe('folders', () => {
  it('creates a folder, refuses to delete one with letters in words, and deletes an empty one', async () => {
    const page = await openInbox();
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByLabel('Folder name').fill('Reiser');
    await page.getByRole('button', { name: 'Create folder' }).click();
    await page.getByRole('status').filter({ hasText: 'The folder “Reiser” was created.' }).waitFor();
    await openFolder(page, 'Reiser');

    await h.emulator.admin.clearRequests();
    await page.getByRole('button', { name: 'Delete folder' }).click();
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Reiser' }).count()).toBe(0);
    expect((await writesLogged()).filter((w) => w.startsWith('DELETE /folders/'))).toHaveLength(1);

    await openFolder(page, 'Skatt');
    await page.getByRole('button', { name: 'Delete folder' }).click();
    await page.getByRole('alert').filter({ hasText: 'The folder still holds letters. Move or delete them first' }).waitFor();
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Skatt' }).count()).toBe(1);
    await page.close();
  });

  it('a new folder whose answer a gateway lost is made once: the page says it cannot tell, Look again finds it, nothing goes twice', async () => {
    const page = await openInbox();
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByLabel('Folder name').fill('Bak porten');
    await h.emulator.admin.clearRequests();
    // The service makes it, the gateway answers 504 and stays down: nobody can see the folder yet.
    await h.emulator.admin.failNext(1, '504-after-down', '/post/api/private/accounts/', 'POST');
    try {
      await page.getByRole('button', { name: 'Create folder' }).click();
      const unknown = page.getByRole('alert').filter({ hasText: 'Digipost did not say whether the change was made' });
      await unknown.waitFor();
      expect(await unknown.textContent()).not.toMatch(/Try again|was created/);
      await unknown.getByRole('button', { name: 'Send again, though it may have arrived' }).waitFor();
      await h.emulator.admin.configure({ gatewayDown: false });
      await unknown.getByRole('button', { name: 'Look again' }).click();
      await page.getByRole('status').filter({ hasText: 'The folder “Bak porten” was created.' }).waitFor();
    } finally {
      await h.emulator.admin.configure({ gatewayDown: false });
    }
    expect((await writesLogged()).filter((w) => w.startsWith('POST /folders'))).toHaveLength(1);
    await page.getByRole('navigation').getByRole('link', { name: 'Bak porten' }).waitFor();
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Bak porten' }).count()).toBe(1);
    await page.close();
  });

  it('renames a folder', async () => {
    const page = await openInbox();
    await openFolder(page, 'Bolig');
    await page.getByRole('button', { name: 'Rename folder' }).click();
    await page.getByLabel('Folder name').fill('Hus og hjem');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Hus og hjem' }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Hus og hjem' }).waitFor();
    await page.close();
  });
});

describe('without the permissions', () => {
  it('shows no filing action at all', async () => {
    const popup = await h.openPopup();
    await popup.getByRole('button', { name: 'Sign out' }).click();
    await popup.getByRole('button', { name: 'Connect' }).waitFor();
    await popup.close();
    await signInWith(h, ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO']);
    const { page } = await inboxWithLetter('Bare lesing');
    for (const name of [/Actions for/, 'New folder']) expect(await page.getByRole('button', { name }).count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await row(page, 'Bare lesing').locator('a').click();
    await page.getByRole('heading', { level: 1, name: 'Bare lesing' }).waitFor();
    for (const name of ['Move to…', 'Rename', 'Delete…']) expect(await page.getByRole('button', { name }).count()).toBe(0);
    await page.close();
  });
});
