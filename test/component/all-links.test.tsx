import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { RELATIONS } from '../../src/api/relations.ts';
import { viewerPages } from '../../src/storage/page-items.ts';
import { extension } from '../support/fake-extension.ts';
import { fullRoot, resourceSnapshot, rootSnapshot, SERVICE } from './fixtures.ts';
import { openPage } from './page.ts';
import { ROOT_INTERNALS } from '../support/root-internals.ts';

/*
 * "All links from the service" (issue #29, point 4): every page the root, the account and each
 * mailbox offer, in words and grouped by where it belongs; the account's details before them; no
 * ids, icon codes, relation names, form token or validation rules outside the closed details, and
 * there a link the extension will not follow says why.
 */

const { worker } = extension;
const PAGE_ID = 'CCCCCCCCCCCCCCCCCCCCCC';

/** The text a person reads: closed details show only their summary. */
function readable(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const details of copy.querySelectorAll('details:not([open])'))
    for (const child of [...details.children]) if (child.tagName !== 'SUMMARY') child.remove();
  return copy.textContent.replace(/\s+/g, ' ');
}

async function openRoot(extra: Record<string, unknown> = {}): Promise<HTMLElement> {
  const root = { ...fullRoot(), ...extra };
  await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: { url: `${SERVICE}/post/api/private`, relation: 'self' } });
  worker.answer('getRoot', rootSnapshot({ root }));
  worker.answer('getResource', resourceSnapshot(root, `${SERVICE}/post/api/private`));
  await openPage('viewer', `?page=${PAGE_ID}`);
  await screen.findByText('All details and links');
  return screen.getByRole('main');
}

describe('All links from the service', () => {
  it('lists every followable page of the mailbox, the account and the service in words, grouped by where it belongs', async () => {
    const main = await openRoot();
    const group = (name: string) =>
      within(within(main).getByRole('region', { name }))
        .getAllByRole('link')
        .map((a) => a.textContent.trim());
    // This sign-in has no READ_SETTINGS or READ_RECEIPTS: those pages are marked locked (#49 point 2).
    expect(group('Your mailbox')).toEqual(['Inbox', 'Mailbox settings (locked)', 'Skatt', 'Bolig']);
    expect(group('Your account')).toEqual(['Receipts (locked)', 'Account settings (locked)', 'Event log', 'Connected applications']);
    expect(group('More from Digipost')).toEqual(['Recipient search']);
  });

  it('offers no page that would show nothing: the sign-in session and the suggestions are only under the closed details', async () => {
    const main = await openRoot();
    const offered = within(main)
      .getAllByRole('link')
      .map((a) => a.textContent.trim());
    for (const empty of ['Sign-in session', 'Recipient suggestions']) expect(offered, empty).not.toContain(empty);
    expect(readable(main)).not.toContain('Sign-in session');
    fireEvent.click(screen.getByText('All details and links'));
    // Still there for whoever asks, by their names and addresses.
    expect(main.textContent).toContain('/post/api/private/session');
    expect(main.textContent).toContain('autocomplete');
  });

  it('says the e-mail address and phone number once, and names the account and the settings in words, not by their field names', async () => {
    const base = fullRoot();
    const main = await openRoot({
      primaryAccount: {
        ...base.primaryAccount,
        phonenumber: '+47 912 34 567',
        extendedEmail: [{ email: 'kari@example.com', verified: true, primary: true }],
        extendedPhone: { phonenumber: '+47 912 34 567', countryCode: '+47', verified: true },
      },
      settings: [{ name: 'NOTIFICATION_EMAIL', value: 'true' }],
    });
    const text = readable(main);
    expect(text.match(/kari@example\.com/g)).toHaveLength(1);
    expect(text.match(/912 34 567/g)).toHaveLength(1);
    expect(text).not.toMatch(/Primary account|Extended/);
    expect(text).toMatch(/Account\s*Name\s*Kari Nordmann/);
    expect(text).toMatch(/Your settings\s*Notify by email/);
  });

  it('says a setting that is one value once: "Language: Norwegian Bokmål", not the label twice', async () => {
    const main = await openRoot({
      language: {
        language: 'nb',
        link: [
          {
            rel: `${SERVICE}/post/relations/change_language`,
            uri: `${SERVICE}/post/api/private/language`,
            'media-type': 'application/vnd.digipost-v2+json',
          },
        ],
      },
    });
    expect(readable(main)).toMatch(/Language\s*Norwegian Bokmål/);
    expect(readable(main).match(/Language/g)).toHaveLength(1);
  });

  it('shows no ids, icon codes, relation names or addresses outside its closed details', async () => {
    const main = await openRoot();
    const text = readable(main);
    for (const internal of ['Identifier', 'Icon', 'TAX', 'HOUSE', 'http', '/post/']) expect(text, internal).not.toContain(internal);
    for (const name of [...RELATIONS.keys()].filter((n) => n.includes('_'))) expect(text, name).not.toContain(name);
    fireEvent.click(screen.getByText('All details and links'));
    expect(main.textContent).toContain('account_settings');
  });
});

describe('All links from the service, and what the service sends beside its links', () => {
  const link = (relation: string, uri: string, mediaType = 'application/vnd.digipost-v2+json') => ({
    rel: `${SERVICE}/post/relations/${relation}`,
    uri,
    'media-type': mediaType,
  });
  /** A form token as the service makes them: 32 hexadecimal digits, new in each answer. */
  const TOKEN = '0123456789abcdef0123456789abcdef';

  /** The root with what the service sends for the session and its forms, and links the extension must not follow. */
  function openServiceRoot(): Promise<HTMLElement> {
    const base = fullRoot();
    const account = base.primaryAccount;
    return openRoot({
      csrfToken: TOKEN,
      authenticationlevelIdporten: 'PASSWORD',
      role: 'PRIVAT',
      validationRules: { personalIdentificationNumber: '^[0-9]{11}$' },
      // Another site, and no web address at all; on the account, the service's host name at another origin.
      link: [
        ...base.link,
        link('help_centre', 'https://help.example.org/faq', 'text/html'),
        link('support_mail', 'mailto:support@example.org', 'text/plain'),
      ],
      ...(account
        ? {
            primaryAccount: {
              ...account,
              link: [...account.link, link('archive_export', 'http://www.digipost.no:8080/post/api/private/accounts/export')],
            },
          }
        : {}),
    });
  }

  it('is titled so, in the tab too, and says the account’s details, the identity number among them, before the pages', async () => {
    const main = await openServiceRoot();
    within(main).getByRole('heading', { level: 1, name: 'All links from the service' });
    await waitFor(() => expect(document.title).toContain('All links from the service'));
    const text = readable(main);
    expect(text).toMatch(/Identity number\s*\d{6}\*+/);
    expect(text.indexOf('Identity number')).toBeLessThan(text.indexOf('Your mailbox'));
  });

  it('shows no form token, validation rule or session field outside its details, which hold them, and there says why a foreign link is not followed', async () => {
    const main = await openServiceRoot();
    const shown = readable(main);
    for (const internal of [TOKEN, ...ROOT_INTERNALS]) expect(shown, internal).not.toContain(internal);
    const details = main.querySelector<HTMLDetailsElement>('details.all-details');
    if (!details) throw new Error('no details on the page');
    fireEvent.click(within(details).getByText('All details and links'));
    await waitFor(() => expect(details.open).toBe(true));
    const inside = readable(details);
    // The details do hold what the main view must not: the test would see it if it leaked.
    expect(inside).toContain(TOKEN);
    expect(inside).toContain('^[0-9]{11}$');
    expect(inside).toContain('document_inbox');
    expect(inside).toMatch(/help_centre.*Not followable: this link leads to another site than the service\./);
    expect(inside).toMatch(/support_mail.*Not followable: this link is not a web address\./);
    expect(inside).toMatch(/archive_export.*Not followable: this link leads to another site than the service\./);
    // None of them is a link to follow, there or anywhere on the page.
    const hrefs = [...main.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
    for (const foreign of ['help.example.org', 'mailto:', ':8080'])
      expect(
        hrefs.filter((h) => h.includes(foreign)),
        foreign,
      ).toEqual([]);
  });
});
