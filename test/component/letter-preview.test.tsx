import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { viewerPages } from '../../src/storage/page-items.ts';
import { extension } from '../support/fake-extension.ts';
import { content, document as attachment, fullRoot, letter, resourceSnapshot, rootSnapshot, SERVICE } from './fixtures.ts';
import { openPage } from './page.ts';

/*
 * A letter opened from a list, while the service is slow (issue #35, point 8): its page shows at
 * once what the list showed (subject, sender), and Details only once the letter is read.
 */

const { worker } = extension;
const PAGE_ID = 'EEEEEEEEEEEEEEEEEEEEEE';
const INBOX = `${SERVICE}/post/api/private/accounts/1234/documents/inbox`;
const LETTER = letter(21, {
  subject: 'Innkalling til time',
  creatorName: 'Helse Sør-Øst',
  attachment: [attachment(21, 1, { subject: 'Innkalling til time', fileType: 'txt' })],
});

describe('a letter opened from a list', () => {
  it('shows its subject and sender at once, the rest once the letter is read', async () => {
    await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: { url: INBOX, relation: 'document_inbox' } });
    worker.answer('getRoot', rootSnapshot({ root: fullRoot() }));
    worker.answer('getResource', resourceSnapshot({ document: [LETTER], link: [] }, `${INBOX}?limit=50`));
    worker.answer('getContent', content('text/plain', 'Velkommen'));
    await openPage('viewer', `?page=${PAGE_ID}`);
    const row = await screen.findByText('Innkalling til time');

    const held = worker.hold('getResource');
    fireEvent.click(row);
    await held.asked;
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Innkalling til time');
    const main = screen.getByRole('main');
    expect(main.querySelector('.letter-from')?.textContent).toBe('Helse Sør-Øst');
    // Not a skeleton: the letter's own header. Details waits for the letter (where it goes is the e2e test's to hold).
    expect(main.querySelector('.skeleton')).toBeNull();
    expect(within(main).queryByText('Details', { selector: 'summary' })).toBeNull();

    held.answer(resourceSnapshot(LETTER, LETTER.link[0]?.uri ?? ''));
    await within(main).findByText('Details', { selector: 'summary' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Innkalling til time');
  });
});
