/** The Hono application: cross-cutting behaviour (log, latency, injected failures, limits) and routes. */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { adminRoutes } from './admin.ts';
import { accountRoutes } from './api-account.ts';
import { invoiceRoutes } from './api-invoices.ts';
import { mailboxRoutes } from './api-mailbox.ts';
import { isUploadPath, uploadRoutes } from './api-upload.ts';
import { rootRoutes } from './api-root.ts';
import { ADMIN_PREFIX, MAX_BODY_BYTES, MEDIA_TYPE } from './config.ts';
import { json } from './http.ts';
import { noticeRoutes } from './notice.ts';
import { oauthRoutes } from './oauth.ts';
import { siteRoutes } from './site.ts';
import type { Emulator, FailureKind } from './state.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits out the latency knob as it is at each moment, not as it was when the request came: a test
 * can hold answers (a long latency) while it looks at a page's waiting state, then release those
 * already waiting by lowering the knob, so what it checks does not depend on the machine's speed.
 */
async function latency(world: { knobs: { latencyMs: number } }, started: number): Promise<void> {
  for (;;) {
    const left = world.knobs.latencyMs - (Date.now() - started);
    if (left <= 0) return;
    await sleep(Math.min(left, 50));
  }
}

const STALL_MS = 60_000;

function stallUntilAborted(signal: AbortSignal, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** What a gateway in front of the service answers: its own HTML page, not the service's JSON. */
function gatewayPage(status: number): Response {
  return new Response(`<html><body><h1>${status} Gateway error</h1></body></html>`, { status, headers: { 'Content-Type': 'text/html' } });
}

function isAdmin(path: string): boolean {
  return path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`);
}

/** A planned failure for this request, if one matches; spends one of its count. */
function takeFailure(em: Emulator, method: string, path: string): FailureKind | undefined {
  const rule = em.world.failures.find(
    (f) =>
      f.remaining > 0 &&
      (f.exact ? path === f.pathPrefix : path.startsWith(f.pathPrefix)) &&
      (f.method === undefined || f.method === method),
  );
  if (!rule) return undefined;
  rule.remaining--;
  em.world.failures = em.world.failures.filter((f) => f.remaining > 0);
  return rule.kind;
}

export function createApp(em: Emulator): Hono {
  const app = new Hono();

  app.use('*', async (c, next) => {
    const path = c.req.path;
    if (isAdmin(path)) {
      await next();
      return;
    }
    const started = Date.now();
    const world = em.world;
    await latency(world, started);
    const failure = world.knobs.gatewayDown && path.startsWith('/post/api') ? 'gateway-down' : takeFailure(em, c.req.method, path);
    if (failure === 'gateway-down') {
      c.res = gatewayPage(502);
    } else if (failure === '500') {
      c.res = json({ 'error-code': 'INTERNAL_SERVER_ERROR', errorMessage: 'Injected failure' }, 500);
    } else if (failure === 'drop') {
      // The connection breaks in the middle of the answer, as when the service goes away: the
      // client sees a network error. (Some bytes go first: a browser quietly tries a request
      // again on a kept-alive connection that closed before anything came back.)
      const socket = (c.env as { incoming?: { socket?: { write(data: string): void; destroy(): void } } } | undefined)?.incoming?.socket;
      socket?.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
      socket?.destroy();
      c.res = new Response(null, { status: 502 });
    } else if (failure === '403') {
      c.res = json({ 'error-code': 'INSUFFICIENT_SCOPE', errorMessage: 'Injected refusal' }, 403);
    } else if (failure === 'stall') {
      await next();
      // Done, and never said: the answer waits until the client gives up (or a minute passes).
      await stallUntilAborted(c.req.raw.signal, STALL_MS);
    } else if (failure === '502' || failure === '504') {
      c.res = gatewayPage(Number(failure));
    } else if (failure === '502-after' || failure === '504-after' || failure === '504-after-down') {
      await next();
      c.res = gatewayPage(failure === '502-after' ? 502 : 504);
      if (failure === '504-after-down') world.knobs.gatewayDown = true;
    } else if (failure === 'malformed') {
      c.res = new Response('{"csrfToken": "abc", "primaryAccount": {"fullName": ', {
        status: 200,
        headers: { 'Content-Type': `${MEDIA_TYPE};charset=UTF-8` },
      });
    } else {
      await next();
    }
    // A reset during the request gives a new world; the entry belongs in the one that is current.
    em.world.log.push({
      method: c.req.method,
      path,
      query: new URL(c.req.url).search,
      status: c.res.status,
      authorization: c.req.header('authorization') !== undefined,
      host: c.req.header('host') ?? '',
      time: started,
    });
    if (!em.settings.quiet) console.log(`${c.req.method} ${path} ${c.res.status} ${Date.now() - started}ms`);
  });

  const smallBodies = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => json({ error: 'payload_too_large', message: `Bodies are limited to ${MAX_BODY_BYTES} bytes` }, 413),
  });
  // Uploads count their own bodies against their own limit (api-upload.ts).
  app.use('*', (c, next) => (isUploadPath(c.req.path) ? next() : smallBodies(c as never, next)));

  oauthRoutes(app, em);
  rootRoutes(app, em);
  mailboxRoutes(app, em);
  accountRoutes(app, em);
  invoiceRoutes(app, em);
  uploadRoutes(app, em);
  noticeRoutes(app, em);
  siteRoutes(app);
  adminRoutes(app, em);

  app.notFound((c) => json({ 'error-code': 'NOT_FOUND', errorMessage: `Nothing at ${c.req.path}` }, 404));
  app.onError((error, c) => {
    console.error(`emulator: ${c.req.method} ${c.req.path} failed:`, error);
    return json({ 'error-code': 'INTERNAL_SERVER_ERROR', errorMessage: 'The emulator failed; see its log' }, 500);
  });
  return app;
}
