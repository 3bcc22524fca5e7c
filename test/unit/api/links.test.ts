import { describe, expect, it } from 'vitest';
import { classifyLink, collectRelations, findLink, relationName } from '../../../src/api/links.ts';
import { rootResourceSchema } from '../../../src/api/schemas.ts';
import * as fx from './fixtures.ts';

const SERVICE = 'https://www.digipost.no';

describe('relationName', () => {
  it.each([
    ['https://www.digipost.no/post/relations/document_inbox', 'document_inbox'],
    ['https://www.qa.digipost.no/post/relations/receipts', 'receipts'],
    ['https://www.digipost.no/post/relations/document_inbox/', 'document_inbox'],
    ['https://www.digipost.no/post/relations/document_inbox//', 'document_inbox'],
    ['https://www.digipost.no/post/relations/search?x=1', 'search'],
    ['https://www.digipost.no/post/relations/search#frag', 'search'],
    ['https://www.digipost.no/post/relations/search/?a=b/c#d/e', 'search'],
    ['/post/relations/logout', 'logout'],
    ['logout', 'logout'],
    ['http://localhost:8080/post/relations/event_log', 'event_log'],
    ['', ''],
    ['/', ''],
  ])('%s → %s', (rel, name) => {
    expect(relationName(rel)).toBe(name);
  });
});

describe('findLink', () => {
  const links = [
    fx.link('self', '/post/api'),
    { rel: 'https://www.qa.digipost.no/post/relations/document_inbox', uri: 'https://www.qa.digipost.no/inbox' },
    fx.link('old_document_inbox', '/old'),
    fx.link('document_inbox', '/second'),
  ];

  it('finds by relation name on any host, first match wins', () => {
    expect(findLink(links, 'document_inbox')?.uri).toBe('https://www.qa.digipost.no/inbox');
    expect(findLink(links, 'self')?.uri).toBe(`${fx.BASE}/post/api`);
  });

  it('matches the whole last segment, not any string ending', () => {
    expect(findLink(links, 'inbox')).toBeUndefined();
    expect(findLink(links, 'old_document_inbox')?.uri).toBe(`${fx.BASE}/old`);
  });

  it('never matches by full URI, and copes with no list', () => {
    expect(findLink(links, `${fx.BASE}/post/relations/self`)).toBeUndefined();
    expect(findLink(undefined, 'self')).toBeUndefined();
    expect(findLink([], 'self')).toBeUndefined();
  });
});

describe('classifyLink', () => {
  const rel = `${fx.BASE}/post/relations/document_inbox`;
  const verdict = (uri: string, name = 'document_inbox', origin = SERVICE) =>
    classifyLink({ rel: rel.replace('document_inbox', name), uri }, origin);

  it.each([
    ['https://www.digipost.no/post/api/inbox', SERVICE],
    ['https://WWW.DIGIPOST.NO/post/api', SERVICE],
    ['https://www.digipost.no:443/post/api', SERVICE],
    ['https://www.digipost.no/post/api', `${SERVICE}/`],
    ['https://www.digipost.no/post/api', `${SERVICE}/post/api`],
    ['http://localhost:8080/post/api', 'http://localhost:8080'],
  ])('follows %s on %s', (uri, origin) => {
    expect(verdict(uri, 'document_inbox', origin)).toEqual({ followable: true });
  });

  it.each([
    'mailto:post@digipost.no',
    'javascript:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://www.digipost.no/post/api',
    'file:///etc/passwd',
    'blob:https://www.digipost.no/1234',
    '/post/api/private/documents',
    '//www.digipost.no/post/api',
    'post/api',
    '',
    'https://',
  ])('refuses %j as not http', (uri) => {
    expect(verdict(uri)).toEqual({ followable: false, reason: 'link_not_http' });
  });

  it.each([
    'https://www.digipostdata.no/content/1',
    'https://evil.example/post/api',
    'https://www.digipost.no.evil.example/post/api',
    'https://www.digipost.no:8443/post/api',
    'http://www.digipost.no/post/api',
    'https://digipost.no/post/api',
    'https://user:pass@www.digipost.no/post/api',
    'https://www.digipost.no@evil.example/post/api',
    'https://evil.example\\@www.digipost.no/',
  ])('refuses %s as another origin', (uri) => {
    expect(verdict(uri)).toEqual({ followable: false, reason: 'link_foreign_origin' });
  });

  it('matches nothing when the configured origin is unusable', () => {
    expect(verdict('https://www.digipost.no/post/api', 'document_inbox', 'not a url')).toEqual({
      followable: false,
      reason: 'link_foreign_origin',
    });
  });

  it('refuses actions on the service origin, and names the address problem first', () => {
    expect(verdict('https://www.digipost.no/post/api/logout', 'logout')).toEqual({ followable: false, reason: 'link_is_action' });
    expect(verdict('https://www.digipost.no/x', 'update_document')).toEqual({ followable: false, reason: 'link_is_action' });
    expect(verdict('https://evil.example/logout', 'logout')).toEqual({ followable: false, reason: 'link_foreign_origin' });
    expect(verdict('javascript:void(0)', 'logout')).toEqual({ followable: false, reason: 'link_not_http' });
  });
});

describe('collectRelations', () => {
  const root = rootResourceSchema.parse(fx.realRoot());
  const entries = collectRelations(root, SERVICE);

  it('lists root, account and each mailbox, in that order, keeping the service order inside', () => {
    expect(entries.map((e) => `${e.source} ${e.name}`)).toEqual([
      'root self',
      'root session',
      'root logout',
      'root search',
      'root autocomplete',
      'root accounts',
      'root change_language',
      'account self',
      'account document_inbox',
      'account receipts',
      'account account_settings',
      'account mailbox_settings',
      'account update_account',
      'account close_account',
      'account upload_document',
      'account event_log',
      'account token_list',
      'account payments',
      'account banks',
      'mailbox:0 self',
      'mailbox:0 document_inbox',
      'mailbox:0 create_folder',
      'mailbox:1 document_inbox',
    ]);
  });

  it('keeps a relation that appears in several groups once in each', () => {
    expect(entries.filter((e) => e.name === 'document_inbox').map((e) => e.source)).toEqual(['account', 'mailbox:0', 'mailbox:1']);
  });

  it('keeps two links of one relation in a group when their addresses differ', () => {
    const two = rootResourceSchema.parse({ link: [fx.link('search', '/a'), fx.link('search', '/b'), fx.link('search', '/a')] });
    expect(collectRelations(two, SERVICE).map((e) => e.link.uri)).toEqual([`${fx.BASE}/a`, `${fx.BASE}/b`]);
  });

  it('attaches a verdict to each entry', () => {
    const verdicts = Object.fromEntries(entries.filter((e) => e.source === 'root').map((e) => [e.name, e.verdict]));
    expect(verdicts.self).toEqual({ followable: true });
    expect(verdicts.logout).toEqual({ followable: false, reason: 'link_is_action' });
    const foreign = collectRelations(rootResourceSchema.parse({ link: [{ rel: 'x/search', uri: 'https://evil.example/' }] }), SERVICE);
    expect(foreign[0]?.verdict).toEqual({ followable: false, reason: 'link_foreign_origin' });
  });

  it('copes with a root that has no account and no mailboxes', () => {
    expect(collectRelations(rootResourceSchema.parse(fx.specRoot()), SERVICE).map((e) => `${e.source} ${e.name}`)).toEqual([
      'root search',
      'account receipts',
      'account document_inbox',
    ]);
    expect(collectRelations(rootResourceSchema.parse({}), SERVICE)).toEqual([]);
  });
});
