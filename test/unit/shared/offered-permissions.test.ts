import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RELATIONS } from '../../../src/api/relations.ts';
import { askable, OFFERED_PERMISSIONS, PERMISSION_SWITCHES, switchTitleOf } from '../../../src/shared/offered-permissions.ts';
import { PERMISSIONS } from '../../../src/shared/permissions.ts';

const offered = OFFERED_PERMISSIONS.map((o) => o.permission);

describe('the permissions the extension offers', () => {
  it('are the ones something in it reads, and the three write features, never one nothing uses', () => {
    // What a place, a list or a letter's content the extension shows needs.
    const read = new Set([...RELATIONS.values()].filter((r) => r.kind !== 'action').flatMap((r) => (r.permission ? [r.permission] : [])));
    expect(offered.filter((p) => !read.has(p))).toEqual(['UPDATE_DOCUMENT', 'DELETE_DOCUMENT', 'UPLOAD_DOCUMENT']);
    expect([...read].filter((p) => !offered.includes(p))).toEqual([]);
    for (const unused of ['SEND_DOCUMENT', 'DELETE_RECEIPTS', 'UPDATE_SETTINGS']) expect(offered).not.toContain(unused);
  });

  it('are each said in words in English and Norwegian, with a sentence of why', () => {
    for (const lang of ['en', 'nb']) {
      const messages = JSON.parse(readFileSync(`src/public/_locales/${lang}/messages.json`, 'utf8')) as Record<string, { message: string }>;
      for (const { permission, title, why } of OFFERED_PERMISSIONS) {
        expect(messages[title]?.message, `${lang} ${title}`).toMatch(/\S/);
        expect(messages[why]?.message, `${lang} ${why}`).toMatch(/\S.*\.$/);
        // Words, not the code.
        expect(messages[title]?.message).not.toContain(permission);
      }
    }
  });

  it('leave out of what is asked next time a permission an older version stored, keeping the order, and never ask for nothing', () => {
    expect(askable(['READ_RECEIPTS', 'SEND_DOCUMENT', 'READ_ACCOUNT_INFO'])).toEqual(['READ_RECEIPTS', 'READ_ACCOUNT_INFO']);
    expect(askable(['SEND_DOCUMENT'])).toEqual(['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO']);
  });

  it('are named in an error by the switch that turns them on, the one the options page shows', () => {
    for (const permission of PERMISSIONS) {
      const onSwitch = PERMISSION_SWITCHES.find((sw) => sw.permissions.includes(permission));
      expect(switchTitleOf(permission), permission).toBe(onSwitch?.title ?? `may_${permission}`);
    }
    expect(switchTitleOf('DELETE_DOCUMENT')).toBe('may_manage');
  });
});
