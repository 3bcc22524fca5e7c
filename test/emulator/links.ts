/** Link objects (contract §2) and the addresses of every resource, in one place. */
import type { Link } from './config.ts';
import { CONTENT_MEDIA_TYPE, MEDIA_TYPE } from './config.ts';

export const ROUTES = {
  root: '/post/api',
  session: '/post/api/session',
  logout: '/post/api/logout',
  search: '/post/api/recipients/search',
  autocomplete: '/post/api/recipients/autocomplete',
  changeLanguage: '/post/api/private/language',
  dismissNotice: '/post/api/private/notice/dismiss',
  noticeMoreInfo: '/post/notice/more-info',
  logo: '/post/api/organisations/:slug/logo',
  content: '/post/content/:ticket',
  account: '/post/api/private/accounts/:account',
  inbox: '/post/api/private/accounts/:account/documents/inbox',
  document: '/post/api/private/accounts/:account/documents/:doc{[0-9]+}',
  updateDocument: '/post/api/private/accounts/:account/documents/:doc{[0-9]+}/update',
  attachmentContent: '/post/api/private/accounts/:account/documents/:doc{[0-9]+}/attachments/:att/content',
  openingReceipt: '/post/api/private/accounts/:account/documents/:doc{[0-9]+}/attachments/:att/openingreceipt',
  sendToBank: '/post/api/private/accounts/:account/documents/:doc{[0-9]+}/attachments/:att/invoice/sendtobank',
  currentBankAccount: '/post/api/private/accounts/:account/currentbankaccount',
  upload: '/post/api/private/accounts/:account/archive/upload',
  uploadToInbox: '/post/api/private/accounts/:account/documents/inbox/upload',
  uploadToFolder: '/post/api/private/accounts/:account/folders/:folder{[0-9]+}/upload',
  folders: '/post/api/private/accounts/:account/folders',
  folder: '/post/api/private/accounts/:account/folders/:folder{[0-9]+}',
  receipts: '/post/api/private/accounts/:account/receipts',
  receipt: '/post/api/private/accounts/:account/receipts/:receipt{[0-9]+}',
  accountSettings: '/post/api/private/accounts/:account/settings/account',
  mailboxSettings: '/post/api/private/accounts/:account/settings/mailbox',
  eventLog: '/post/api/private/accounts/:account/eventlog',
  tokenList: '/post/api/private/accounts/:account/tokens',
  closeAccount: '/post/api/private/accounts/:account/close',
} as const;

/** Fills `:name` and `:name{regex}` placeholders of a route. */
export function pathOf(route: string, params: Record<string, string> = {}): string {
  return route.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing ${name} for ${route}`);
    return encodeURIComponent(value);
  });
}

export class Linker {
  constructor(
    readonly base: string,
    private readonly accountId: string,
  ) {}

  link(rel: string, route: string, params: Record<string, string> = {}, mediaType = MEDIA_TYPE, query = ''): Link {
    return {
      rel: `${this.base}/post/relations/${rel}`,
      uri: `${this.base}${pathOf(route, { account: this.accountId, ...params })}${query}`,
      'media-type': mediaType,
    };
  }

  content(rel: string, route: string, params: Record<string, string>): Link {
    return this.link(rel, route, params, CONTENT_MEDIA_TYPE);
  }
}
