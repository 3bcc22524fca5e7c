import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Request } from '../../src/protocol/messages.ts';

/*
 * New folder names the mailbox it is made in (src/viewer/filing/FolderTools.tsx) by the mailbox's
 * own folder list, as the page shows it, never by its Digipost address: a mailbox shared with the
 * person may be listed with the person's own address (issue #44, point 7), and the worker must not
 * make the person's folder in their parent's mailbox.
 */

const asked: Request[] = [];
vi.mock('../../src/ui/worker-client.ts', () => ({
  ask: (request: Request) => {
    asked.push(request);
    return Promise.resolve({ data: null });
  },
}));

const { FolderTools } = await import('../../src/viewer/filing/FolderTools.tsx');

const BASE = 'https://www.digipost.no';
const ROOT = `${BASE}/post/api`;
const OWN_FOLDERS = `${BASE}/post/api/private/mailbox/1/folders`;
const writes = () => asked.filter((r): r is Extract<Request, { type: 'write' }> => r.type === 'write');

beforeEach(() => {
  asked.length = 0;
});

describe('New folder', () => {
  it('names the mailbox on show by its folder list’s own link, not by a Digipost address another mailbox may share', async () => {
    render(
      <FolderTools
        canFile
        listLinks={[{ rel: `${BASE}/post/relations/create_folder`, uri: OWN_FOLDERS }]}
        folder={undefined}
        rootUrl={ROOT}
        empty={false}
        onChanged={vi.fn()}
        onDeleted={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'New folder' }));
    fireEvent.input(screen.getByLabelText('Folder name'), { target: { value: 'Hytta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create folder' }));
    await screen.findByText('The folder “Hytta” was created.');
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      type: 'write',
      target: { url: ROOT, relation: 'self' },
      rel: 'create_folder',
      body: { name: 'Hytta', icon: 'FOLDER' },
      mailboxLink: OWN_FOLDERS,
    });
  });
});
