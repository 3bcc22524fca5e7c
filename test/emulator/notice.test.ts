import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Link } from './config.ts';
import type { RunningEmulator } from './index.ts';
import { startEmulator } from './index.ts';
import { api, getJson, linkOf, signIn } from './flow.ts';

interface Notice {
  messageHeader: string;
  messageText: string;
  dismissText: string;
  link: Link[];
}

describe("the root's notice (notice: true)", () => {
  let em: RunningEmulator;
  let token: string;

  beforeAll(async () => {
    em = await startEmulator({ port: 0, quiet: true, notice: true });
  });
  afterAll(async () => {
    await em.stop();
  });
  beforeEach(async () => {
    await em.admin.reset();
    token = (await signIn(em)).access_token;
  });

  const notice = async () => (await getJson<{ notice?: Notice }>(`${em.url}/post/api`, token)).notice;

  it('is on the root with its words and its links, and the more_info page answers', async () => {
    const shown = await notice();
    for (const words of [shown?.messageHeader, shown?.messageText, shown?.dismissText]) expect(words).toMatch(/\S/);
    expect(shown?.link.map((l) => l.rel.split('/').pop())).toEqual(['dismiss_notice', 'more_info']);
    const page = await fetch(linkOf(shown?.link, 'more_info').uri);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('stays until dismissed, is gone after, and a second dismissal is harmless', async () => {
    const dismiss = linkOf((await notice())?.link, 'dismiss_notice').uri;
    expect(await notice()).toBeDefined();
    expect((await api(dismiss, token, { method: 'POST' })).status).toBe(204);
    expect(await notice()).toBeUndefined();
    expect((await api(dismiss, token, { method: 'POST' })).status).toBe(204);
    expect(await notice()).toBeUndefined();
  });

  it('is gone after a dismissal whose answer a gateway lost (504 after the service acted)', async () => {
    const dismiss = linkOf((await notice())?.link, 'dismiss_notice').uri;
    await em.admin.failNext(1, '504-after', '/post/api/', 'POST');
    expect((await api(dismiss, token, { method: 'POST' })).status).toBe(504);
    expect(await notice()).toBeUndefined();
  });

  it('is dismissed only by a signed-in client, and comes back with a reset', async () => {
    const dismiss = linkOf((await notice())?.link, 'dismiss_notice').uri;
    expect((await api(dismiss, undefined, { method: 'POST' })).status).toBe(401);
    expect(await notice()).toBeDefined();
    expect((await api(dismiss, token, { method: 'POST' })).status).toBe(204);
    await em.admin.reset();
    token = (await signIn(em)).access_token;
    expect(await notice()).toBeDefined();
  });

  it('is shown again by the admin API after a dismissal', async () => {
    const dismiss = linkOf((await notice())?.link, 'dismiss_notice').uri;
    expect((await api(dismiss, token, { method: 'POST' })).status).toBe(204);
    await em.admin.showNotice();
    expect(await notice()).toBeDefined();
  });
});
