import { describe, expect, it } from 'vitest';
import { inboxLinkOf, inboxOf } from '../../../src/api/inbox.ts';
import { rootResourceSchema } from '../../../src/api/schemas.ts';
import * as fx from './fixtures.ts';

const root = (fields: Record<string, unknown>) => rootResourceSchema.parse(fields);

describe('which inbox is "the inbox"', () => {
  it('is the account’s when the account lists one, with the account’s count', () => {
    const inbox = inboxOf(rootResourceSchema.parse(fx.realRoot()));
    expect(inbox?.link.uri).toBe(`${fx.BASE}/post/api/private/accounts/2939/documents/inbox`);
    expect(inbox?.unread).toBe(35);
  });

  it('is the first mailbox that lists one when the account does not, with that mailbox’s count', () => {
    const inbox = inboxOf(
      root({
        primaryAccount: { unreadItemsInInbox: 9, link: [fx.link('receipts', '/receipts')] },
        mailbox: [
          { name: 'Shared with me', unreadItemsInInbox: 1, link: [fx.link('self', '/mailbox/1')] },
          { name: 'Kari', unreadItemsInInbox: 4, link: [fx.link('document_inbox', '/mailbox/2/inbox')] },
          { name: 'Later', unreadItemsInInbox: 7, link: [fx.link('document_inbox', '/mailbox/3/inbox')] },
        ],
      }),
    );
    expect(inbox).toEqual({ link: fx.link('document_inbox', '/mailbox/2/inbox'), unread: 4 });
  });

  it('takes the account’s count when the mailbox gives none', () => {
    const inbox = inboxOf(root({ primaryAccount: { unreadItemsInInbox: 2 }, mailbox: [{ link: [fx.link('document_inbox', '/inbox')] }] }));
    expect(inbox?.unread).toBe(2);
  });

  it('is none when nothing lists one', () => {
    expect(inboxOf(undefined)).toBeUndefined();
    expect(inboxOf(root({}))).toBeUndefined();
    expect(inboxLinkOf(root({ primaryAccount: { link: [fx.link('receipts', '/r')] }, mailbox: [{ link: [] }] }))).toBeUndefined();
  });
});
