/** Everything that changes while the emulator runs, and the way back to the start-up state. */
import type { Client } from './clients.ts';
import { registeredClients } from './clients.ts';
import type { Knobs, Settings } from './config.ts';
import { copyKnobs } from './config.ts';
import type { Mailbox } from './mailbox.ts';
import type { ReadableMailbox } from './mailboxes.ts';
import type { User } from './seed.ts';
import { demoUser, seedMailbox } from './seed.ts';
import { sharedMailbox } from './shared-mailbox.ts';
import { OWN_STORAGE } from './mailboxes.ts';
import { TokenStore } from './tokens.ts';

export interface RequestLogEntry {
  method: string;
  path: string;
  /** The query string as sent, with its "?" ("" when there is none). */
  query: string;
  status: number;
  authorization: boolean;
  host: string;
  time: number;
}

/**
 * `drop`: the connection is closed without an answer, as a service that went away mid-request.
 * `403`: refused as a withdrawn permission would be, nothing done. `stall`: the request is carried
 * out, and its answer never comes (the client gives up): a write whose outcome the client cannot know.
 * `502`/`504`: a gateway in front of the service answers with its own error page and the request
 * never reaches the service; `502-after`/`504-after`: the service carries it out, and the gateway
 * answers 502/504 all the same (its wait for the service ran out, or the answer broke on the way).
 * `504-after-down`: as `504-after`, and the gateway then stays down (knob gatewayDown) until the
 * test brings it up again: whoever looks for what the write did cannot see it meanwhile.
 */
export type FailureKind = '500' | 'malformed' | 'drop' | '403' | 'stall' | '502' | '504' | '502-after' | '504-after' | '504-after-down';

interface FailureRule {
  remaining: number;
  kind: FailureKind;
  pathPrefix: string;
  /** Only requests with this method (any, when absent). */
  method?: string | undefined;
  /** Only the path `pathPrefix` itself (the root, not the lists below it that the worker reads in the background). */
  exact: boolean;
}

interface ContentTicket {
  /** The mailbox the letter is in (its account id). */
  accountId: string;
  letterId: string;
  attachmentId: string;
  expires: number;
}

export interface World {
  knobs: Knobs;
  tokens: TokenStore;
  /** The person's own mailbox. */
  mailbox: Mailbox;
  /** The mailbox shared with the person, when the emulator was started with it. */
  sharedMailbox: ReadableMailbox | undefined;
  /** The root's notice is there (started with it, or shown again by the admin API) and not yet dismissed. */
  noticeShown: boolean;
  /** Bytes the person's own mailbox uses (mailboxes.ts OWN_STORAGE, until the admin API sets another). */
  ownUsedStorage: number;
  /**
   * Fields of a mailbox's entry in the root's `mailbox` list, by the mailbox's account id, sent as
   * the admin API set them (any JSON: `usedStorage: null`, `-1`) in place of what the emulator says.
   */
  mailboxEntryFields: Record<string, Record<string, unknown>>;
  user: User;
  language: string;
  log: RequestLogEntry[];
  failures: FailureRule[];
  /** One-time content addresses handed out by the 307 redirect. */
  tickets: Map<string, ContentTicket>;
}

export class Emulator {
  readonly clients: Client[];
  world: World;
  /** Set once the server listens; links are absolute and need the real port. */
  baseUrl = '';
  port = 0;

  constructor(readonly settings: Settings) {
    this.clients = registeredClients(settings.clientId, settings.clientSecret);
    this.world = this.freshWorld();
  }

  private freshWorld(): World {
    return {
      knobs: copyKnobs(this.settings.knobs),
      tokens: new TokenStore(),
      mailbox: seedMailbox(this.settings.letters, this.settings.calendar(), { dataTypeLetters: this.settings.dataTypeLetters }),
      sharedMailbox: this.settings.sharedMailbox ? sharedMailbox(this.settings.calendar()) : undefined,
      noticeShown: this.settings.notice,
      ownUsedStorage: OWN_STORAGE.usedStorage,
      mailboxEntryFields: {},
      user: demoUser(),
      language: 'nb',
      log: [],
      failures: [],
      tickets: new Map(),
    };
  }

  reset(): void {
    this.world = this.freshWorld();
  }

  client(id: string): Client | undefined {
    return this.clients.find((c) => c.id === id);
  }

  /** The address other-origin content is served from: same server, different origin. */
  get contentOrigin(): string {
    return `http://localhost:${this.port}`;
  }
}
