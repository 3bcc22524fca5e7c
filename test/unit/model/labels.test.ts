import { describe, expect, it, vi } from 'vitest';

// The pages' `t` reads the browser's catalogue; here the English one on disk.
vi.mock('../../../src/shared/i18n.ts', async () => (await import('../../support/catalogue-i18n.ts')).catalogueI18n());

const { labelFromName, relationLabel } = await import('../../../src/model/labels.ts');

describe('labels made from a name', () => {
  it.each([
    ['event_log', 'Event log'],
    ['document_inbox', 'Document inbox'],
    ['token-list', 'Token list'],
    ['currentBankAccount', 'Current bank account'],
    ['offentlig_mailbox_choice', 'Offentlig mailbox choice'],
    ['__weird__name_', 'Weird name'],
    ['x', 'X'],
    ['', ''],
  ])('labels %j as %j', (name, label) => {
    expect(labelFromName(name)).toBe(label);
  });
});

describe('relation labels', () => {
  it("are the registry's translation for a known relation, and made from the name for any other", () => {
    expect(relationLabel('document_inbox')).toBe('Inbox');
    expect(relationLabel('token_list')).toBe('Connected applications');
    expect(relationLabel('folders')).toBe('Folders');
    expect(relationLabel('currentBankAccount')).toBe('Current bank account');
  });
});
