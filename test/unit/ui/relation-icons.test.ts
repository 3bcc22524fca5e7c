import { describe, expect, it } from 'vitest';
import { RELATION_ICON_NAMES, RELATIONS } from '../../../src/api/relations.ts';
import { FolderIcon, InboxIcon, LinkIcon, LockIcon } from '../../../src/ui/icons.tsx';
import { RELATION_ICONS, RelationIcon } from '../../../src/ui/relation-icons.tsx';

describe('relation icons', () => {
  it('draw every icon name of the registry, and no other', () => {
    expect(Object.keys(RELATION_ICONS).sort()).toEqual([...RELATION_ICON_NAMES].sort());
    for (const name of RELATION_ICON_NAMES) expect(typeof RELATION_ICONS[name], name).toBe('function');
  });

  it('give each relation the picture its row names, and an unknown one a plain link', () => {
    expect(RelationIcon({ name: 'document_inbox' }).type).toBe(InboxIcon);
    expect(RelationIcon({ name: 'document_archive' }).type).toBe(FolderIcon);
    expect(RelationIcon({ name: 'token_list', class: 'place-icon' }).type).toBe(LockIcon);
    expect(RelationIcon({ name: 'something_new' }).type).toBe(LinkIcon);
    for (const [name, info] of RELATIONS) expect(RelationIcon({ name }).type, name).toBe(RELATION_ICONS[info.icon]);
  });
});
