import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { ageRootCache, badgeText, badgeTitle, openPlace, showsAccount, signInWith } from '../support/helpers.ts';
import { browserUnderTest } from '../support/extension-browser.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { css, role, until } from '../support/person.ts';

/*
 * The count and the toolbar button as a person sees them in a real browser (issue #48 points 1 and
 * 2), in Chromium and Firefox: the badge, its title, the popup's header and the viewer's mailbox
 * switcher say one count, and follow a letter read; the button says signed out, and (Firefox) that
 * the site access was taken away. What each page draws of it is in the component tests
 * (test/component/counts.test.tsx), each state's words and colour (Digipost not answering: the
 * count kept, grey) in test/unit/background/badge.test.ts.
 */

let h: Harness;

interface ActionInPage {
  action: { getBadgeBackgroundColor(details: object): Promise<number[]> };
}

/** The badge's colour as red, green and blue. */
function badgeColour(): Promise<string> {
  return h.inExtension(async () => {
    const scope = globalThis as unknown as { browser?: ActionInPage; chrome: ActionInPage };
    return (await (scope.browser ?? scope.chrome).action.getBadgeBackgroundColor({})).slice(0, 3).join(',');
  });
}

const RED = '176,20,28';

/** The number at the start of the popup's header count ("8 unread letters in all mailboxes"). */
async function headerSays(popup: Page): Promise<string> {
  return popup.$eval('.unread-count', (p) => p.textContent.trim());
}

/** The mailbox switcher's count beside one mailbox in the viewer. */
function switcherCount(viewer: Page, name: string): Promise<string> {
  return viewer.$$eval(
    'nav[aria-label="Mailboxes"] a',
    (links, who) => links.find((a) => a.textContent.includes(who))?.querySelector('.nav-count')?.firstChild?.textContent ?? '',
    name,
  );
}

beforeAll(async () => {
  h = await startHarness({ emulator: { sharedMailbox: true } });
});
afterAll(async () => {
  await h.close();
});

describe('one count, and a toolbar button that says what it shows', () => {
  it('signed out: no count, and the title says so; signed in: the badge, its title and the popup’s header say the same count of every mailbox', async () => {
    const signedOut = await h.openPopup();
    await role(signedOut, 'heading', 'Not connected').wait();
    await expect.poll(() => badgeTitle(h)).toBe('Digipost: not connected. Open to connect.');
    expect(await badgeText(h)).toBe('');
    await signedOut.close();
    // With the permission to open letters, which marks them read.
    await signInWith(h, ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT']);
    const popup = await h.openPopup();
    await showsAccount(h, popup);
    await css(popup, '.unread-count').wait();
    const said = await headerSays(popup);
    expect(said).toMatch(/^\d+ unread letters in all mailboxes$/);
    const total = said.split(' ')[0] ?? '';
    await expect.poll(() => badgeText(h)).toBe(total);
    const title = await badgeTitle(h);
    expect(title.split('\n')[0]).toBe(`Digipost: ${total} unread letters in all your mailboxes`);
    expect(title).toContain('Ola Nordmann’s inbox: 3');
    expect(title).toMatch(/\nChecked at .+$/);
    expect(await badgeColour()).toBe(RED);
    await popup.close();
  });

  it('a letter read in the viewer: the badge, the open popup and the side list count one fewer, together', async () => {
    const popup = await h.openPopup();
    await css(popup, '.unread-count').wait();
    const before = Number((await headerSays(popup)).split(' ')[0]);
    const viewer = await openPlace(h, 'document_inbox');
    await css(viewer, 'nav[aria-label="Mailboxes"] .nav-count').wait();
    const own = Number(await switcherCount(viewer, 'Kari Nordmann'));
    expect(own).toBe(before - 3);
    await css(viewer, '.letter-row.is-unread a').click();
    await css(viewer, 'main h1').wait();
    // The worker reads the root again before the letter's content is handed over: by the time it is on
    // screen, every count has followed (a second's room for the pages' storage events).
    await until(
      viewer,
      'The side list kept its count.',
      (want: string) => document.querySelector('nav[aria-label="Mailboxes"] .nav-count')?.firstChild?.textContent === want,
      String(own - 1),
    );
    await expect.poll(() => badgeText(h), { timeout: 1000 }).toBe(String(before - 1));
    await expect.poll(() => headerSays(popup), { timeout: 1000 }).toBe(`${before - 1} unread letters in all mailboxes`);
    await viewer.close();
    await popup.close();
  });

  it('signed out from the popup: the count goes, and the title says not connected', async () => {
    const popup = await h.openPopup();
    await css(popup, '.unread-count').wait();
    await role(popup, 'button', 'Sign out').click();
    await role(popup, 'heading', 'Not connected').wait();
    await expect.poll(() => badgeText(h)).toBe('');
    expect(await badgeTitle(h)).toBe('Digipost: not connected. Open to connect.');
    await popup.close();
  });
});

describe.runIf(browserUnderTest() === 'firefox')(
  'a permission needed (Firefox only: its add-on permissions let the person take the site access away, which Chromium does not for the manifest’s own hosts)',
  () => {
    it('the site access taken away: "!", and the title says where to give it back', async () => {
      await signInWith(h, ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO']);
      await ageRootCache(h, (snapshot) => ({ ...snapshot, fetchedAt: snapshot.fetchedAt - 5 * 60_000 }));
      const origin = `${new URL(h.emulator.url).origin.replace(/:\d+$/, '')}/*`;
      await h.inExtension(
        (origins: string[]) => {
          const scope = globalThis as unknown as { browser: { permissions: { remove(p: object): Promise<boolean> } } };
          return scope.browser.permissions.remove({ origins });
        },
        [origin],
      );
      const popup = await h.openPopup();
      await expect.poll(() => badgeText(h), { timeout: 10_000 }).toBe('!');
      expect(await badgeTitle(h)).toBe('Digipost: the extension needs your permission to reach Digipost. Open the settings to give it.');
      await popup.close();
    });
  },
);
