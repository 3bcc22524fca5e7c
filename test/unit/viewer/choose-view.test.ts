import { describe, expect, it } from 'vitest';
import { chooseView } from '../../../src/viewer/choose-view.ts';

const rel = (name: string) => `https://www.digipost.no/post/relations/${name}`;
const letter = { subject: 'Skattemelding', attachment: [{ subject: 'Skattemelding', mainDocument: true }], link: [] };

describe('choosing the view', () => {
  it('reads the shape first', () => {
    expect(chooseView('document_inbox', { document: [], link: [] })).toBe('letters');
    expect(chooseView('folder', { name: 'Skatt', documents: { document: [] } })).toBe('letters');
    expect(chooseView('self', letter)).toBe('letter');
    expect(chooseView(rel('receipts'), { receipt: [] })).toBe('receipts');
  });

  it('uses the relation for a list the service sent empty, and the tree for anything else', () => {
    expect(chooseView('document_inbox', { link: [] })).toBe('letters');
    expect(chooseView(rel('folder'), { name: 'Tom' })).toBe('letters');
    expect(chooseView('mailbox_settings', { setting: [] })).toBe('tree');
    expect(chooseView('self', { csrfToken: 'x' })).toBe('tree');
    expect(chooseView(undefined, [1, 2])).toBe('tree');
    expect(chooseView('document_inbox', null)).toBe('tree');
    expect(chooseView('document_inbox', 'text')).toBe('tree');
  });

  it('knows a single receipt by its fields', () => {
    expect(chooseView('receipt', { storeName: 'Kiwi' })).toBe('receipt');
    expect(chooseView('self', { timeOfPurchase: '2025-01-01T10:00:00+01:00' })).toBe('receipt');
  });
});
