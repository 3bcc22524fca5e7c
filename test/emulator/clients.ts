/** The registered OAuth applications and their exact redirect URIs (contract §3.1). */
import type { Permission } from './permissions.ts';
import { ALL_PERMISSIONS } from './permissions.ts';

export interface Client {
  id: string;
  secret: string;
  name: string;
  permissions: readonly Permission[];
  /** Exact-match rules: a registered redirect URI, never a prefix. */
  acceptsRedirect(uri: string): boolean;
}

// What `identity.getRedirectURL()` returns: Chrome's extension id is 32 letters a-p; Firefox
// uses a 40-hex-digit hash. A path may follow (getRedirectURL('cb')); no query, no fragment,
// no port, no user info, so nothing but the browser's own callback can receive a code.
const PATH = "[A-Za-z0-9._~!$&'()*+,;=:@%/-]*";
const CHROME = new RegExp(`^https://[a-p]{32}\\.chromiumapp\\.org/${PATH}$`);
const FIREFOX = new RegExp(`^https://[0-9a-f]{40}\\.extensions\\.allizom\\.org/${PATH}$`);

export const OTHER_CLIENT = {
  id: 'other-registered-app',
  secret: 'other-secret',
  redirectUri: 'https://app.example.org/oauth/callback',
} as const;

export function registeredClients(demoId: string, demoSecret: string): Client[] {
  return [
    {
      id: demoId,
      secret: demoSecret,
      name: 'Digipost mailbox viewer (demo)',
      permissions: ALL_PERMISSIONS,
      acceptsRedirect: (uri) => CHROME.test(uri) || FIREFOX.test(uri),
    },
    {
      // A second application proves matching is per client and exact.
      id: OTHER_CLIENT.id,
      secret: OTHER_CLIENT.secret,
      name: 'Example budgeting app',
      permissions: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_RECEIPTS'],
      acceptsRedirect: (uri) => uri === OTHER_CLIENT.redirectUri,
    },
  ];
}

export const DEMO_REDIRECT_PATTERNS = [
  'https://<32 letters a-p>.chromiumapp.org/[path]',
  'https://<40 hex digits>.extensions.allizom.org/[path]',
];
