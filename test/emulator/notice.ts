/**
 * The root's `notice`: something the service wants the person to see once (digipost/ios POSNotice.m
 * reads `messageHeader`, `messageText`, `dismissText` and the links `dismiss_notice` and `more_info`).
 * A POST to `dismiss_notice` takes it off the root for good; a second POST finds nothing to do and
 * says so the same way, since a client that lost the first answer must be able to send it again.
 */
import type { Hono } from 'hono';
import { linkerFor } from './api-root.ts';
import { guarded } from './guard.ts';
import { resource } from './http.ts';
import { ROUTES } from './links.ts';
import type { Emulator } from './state.ts';

const MORE_INFO_PAGE = `<!doctype html>
<html lang="nb"><head><meta charset="utf-8"><title>Nye vilkår for Digipost</title></head>
<body><h1>Nye vilkår for Digipost</h1><p>En side i emulatoren, der tjenesten lenker til sin egen.</p></body></html>`;

/** `{notice}` for the root while it is shown, else nothing. */
export function noticeOf(em: Emulator): { notice?: Record<string, unknown> } {
  if (!em.world.noticeShown) return {};
  const linker = linkerFor(em);
  return {
    notice: {
      messageHeader: 'Nye vilkår for Digipost',
      messageText: 'Vilkårene for bruk av Digipost er endret fra 1. januar. Les hva som er nytt før du fortsetter.',
      dismissText: 'Jeg har lest dette',
      link: [linker.link('dismiss_notice', ROUTES.dismissNotice), linker.link('more_info', ROUTES.noticeMoreInfo, {}, 'text/html')],
    },
  };
}

export function noticeRoutes(app: Hono, em: Emulator): void {
  // Any signed-in client may dismiss it: the apps ask for no permission to show or dismiss it.
  resource(app, ROUTES.dismissNotice, {
    POST: guarded(em, {}, () => {
      em.world.noticeShown = false;
      return new Response(null, { status: 204 });
    }),
  });
  // A web page, as the service's own would be: no token, and text for a person.
  resource(app, ROUTES.noticeMoreInfo, {
    GET: () => new Response(MORE_INFO_PAGE, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }),
  });
}
