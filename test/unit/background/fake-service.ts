/**
 * A service on the FakeNetwork, for the tests that run the worker's real handlers: its token
 * endpoint issues `<label>-AT-<n>` / `<label>-RT-<n>` with an id_token it signs for itself (for
 * the person `userId` names at that moment), and `api` answers everything else (by default a bare root).
 */
import { makeIdToken } from '../auth/fakes.ts';
import type { FakeNetwork, SeenRequest } from './fake-browser.ts';

export type Api = (request: SeenRequest) => Response | Promise<Response>;

export function fakeService(
  network: FakeNetwork,
  origin: string,
  label: string,
  api: Api = () => Response.json({ link: [] }),
  userId = () => '123456',
) {
  let issued = 0;
  const tokenRequests: SeenRequest[] = [];
  network.handlers.set(origin, (request) => {
    if (request.url.pathname === '/post/api/oauth/accesstoken') {
      tokenRequests.push(request);
      issued++;
      const form = new URLSearchParams(request.body);
      const nonce = form.get('nonce') ?? 'null';
      return Response.json({
        access_token: `${label}-AT-${issued}`,
        refresh_token: `${label}-RT-${issued}`,
        expires_in: 900,
        token_type: 'bearer',
        id_token: makeIdToken(Date.now(), nonce, { iss: `${origin}/`, user_id: userId() }),
      });
    }
    return api(request);
  });
  return { tokenRequests };
}

const rel = (origin: string, name: string) => `${origin}/post/relations/${name}`;

export interface FakeLetter {
  id: number;
  subject: string;
  read: boolean;
}

/**
 * A mailbox behind the root: the account (with its name and unread count), an inbox of `letters`
 * (each with a self link and one attachment), and each letter at its own address.
 */
export function fakeMailbox(origin: string, letters: FakeLetter[], name = 'Kari Nordmann'): Api {
  const letterUrl = (id: number) => `${origin}/post/api/docs/${id}`;
  const document = (letter: FakeLetter) => ({
    subject: letter.subject,
    creatorName: 'Avsender AS',
    attachment: [{ subject: letter.subject, mainDocument: true, read: letter.read, link: [] }],
    link: [{ rel: rel(origin, 'self'), uri: letterUrl(letter.id) }],
  });
  return (request) => {
    const path = request.url.pathname;
    if (path === '/post/api') {
      return Response.json({
        primaryAccount: {
          fullName: name,
          unreadItemsInInbox: letters.filter((l) => !l.read).length,
          link: [{ rel: rel(origin, 'document_inbox'), uri: `${origin}/post/api/inbox` }],
        },
        link: [],
      });
    }
    if (path === '/post/api/inbox') return Response.json({ document: letters.map(document), link: [] });
    const letter = letters.find((l) => letterUrl(l.id) === `${origin}${path}`);
    if (letter) return Response.json(document(letter));
    if (path === '/post/api/oauth/revoke') return Response.json({});
    return Response.json({ 'error-code': 'NOT_FOUND' }, { status: 404 });
  };
}
