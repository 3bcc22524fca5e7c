import type { ErrorInfo } from '../shared/errors.ts';
import type { Permission } from '../shared/permissions.ts';

/**
 * What pages and the worker say to each other, as the pages import it. Every request is one row
 * of REQUESTS (requests.ts): its fields, its answer, how long a page waits for it and the pages
 * that may send it; the types here are that table's, and what the answers carry is views.ts'.
 * Type imports only, so a page that imports these ships none of the worker's table.
 */
export type { Request, ResponseMap } from './requests.ts';
export type { ContentView, ResourceSnapshot, RevocationView, StatusView, StoredConfigView } from './views.ts';

/** The root as getRoot answers it is the snapshot the worker caches, where the popup reads it first. */
export type { InboxGlance, NewestLetters, RootSnapshot } from '../api/root-snapshot.ts';

/**
 * What the worker tells every open page of the extension, unasked (runtime.sendMessage): pages
 * listen for these and never answer them. 'sessionEnded': the person signed out ('user'), or the
 * service ended the access ('ended'); a page drops whatever it shows of the mailbox.
 * 'sessionChanged': a sign-in completed (Connect, or permissions granted anew in the options), with
 * the permissions the session now holds; a page reads again what depends on them (the viewer's
 * Upload a file, filing). 'revocationChanged': ask getRevocation again. 'signInApproved': the consent
 * window came back approved, and the sign-in is being finished (the code exchanged, the mailbox read).
 */
export type WorkerEvent =
  | { event: 'sessionEnded'; reason: 'user' | 'ended' }
  | { event: 'sessionChanged'; scopes: Permission[] }
  | { event: 'revocationChanged' }
  | { event: 'signInApproved' };

/** A request's answer as it crosses the channel: the value, or the error (nothing thrown reaches a page). */
export type Answer<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };
