// What the worker-side upload tests share: the service's address, a link as the service writes
// one, a configuration that may upload, and the file they upload.
import type { ExtensionConfig } from '../../../src/config/config.ts';

export const BASE = 'https://www.digipost.no';

/** A link as the service writes it: the relation's full name, the address, the media type. */
export const link = (name: string, uri: string) => ({
  rel: `${BASE}/post/relations/${name}`,
  uri,
  'media-type': 'application/vnd.digipost-v2+json',
});

export const config: ExtensionConfig = {
  baseUrl: BASE,
  clientId: 'c',
  clientSecret: 's',
  scopes: ['READ_DOCUMENT_META_INFO', 'UPLOAD_DOCUMENT'],
  pollMinutes: 5,
  notify: false,
};

/** A small PDF's bytes. */
export const PDF = new Blob([new TextEncoder().encode('%PDF-1.4\nhello')]);
