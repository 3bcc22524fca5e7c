/** A typed client of the emulator's admin API, for tests and scripts. */
import type { Knobs } from './config.ts';
import { ADMIN_PREFIX } from './config.ts';
import type { FailureKind, RequestLogEntry } from './state.ts';

export interface NewLetter {
  subject?: string;
  creatorName?: string;
  fileType?: 'pdf' | 'html' | 'jpg' | 'png';
  read?: boolean;
  authenticationLevel?: 'PASSWORD' | 'TWO_FACTOR' | 'IDPORTEN_3' | 'IDPORTEN_4';
  origin?: 'CORPORATION' | 'PUBLIC_ENTITY' | 'PRIVATE_PERSON' | 'UPLOADED';
  openingReceipt?: boolean;
  invoice?: {
    kid: string;
    accountNumber: string;
    amount: number;
    dueDate: string;
    paid?: boolean;
    /** The service links `send_to_bank` for it. */
    sendToBank?: boolean;
    /** Already sent to the bank; with `timePaid` (epoch ms) also paid. */
    payment?: { timePaid?: number; debitorBankAccount: string; bank: string; bankHomepage: string };
  };
  /** The document's metadata items (appointments, events, external links), any shape. */
  metadata?: Record<string, unknown>[];
  /** The letter's own HTML (the letter is then an HTML letter). */
  html?: string;
  /** The file type the metadata states instead of the content's own (e.g. "exe" for a PDF). */
  statedFileType?: string;
  /** Files the letter in this folder (its id) instead of the inbox. */
  folderId?: string;
  /** When it arrived (epoch ms); absent: now, newest of all. */
  created?: number;
  /** The Digipost address of the mailbox it is delivered to (the shared one, say); absent: the person's own. */
  mailbox?: string;
}

export class EmulatorAdmin {
  private readonly base: string;

  constructor(baseUrl: string) {
    this.base = `${baseUrl.replace(/\/+$/, '')}${ADMIN_PREFIX}`;
  }

  private async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const init: RequestInit = { method };
    if (body !== undefined) {
      init.headers = { 'Content-Type': 'application/json' };
      init.body = JSON.stringify(body);
    }
    const response = await fetch(`${this.base}${path}`, init);
    const text = await response.text();
    if (!response.ok) throw new Error(`emulator admin ${method} ${path}: ${response.status} ${text}`);
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  }

  async configure(knobs: Partial<Knobs>): Promise<Knobs> {
    return (await this.call('POST', '/knobs', knobs)) as Knobs;
  }

  async knobs(): Promise<Knobs> {
    return (await this.call('GET', '/knobs')) as Knobs;
  }

  async revokeGrants(): Promise<void> {
    await this.call('POST', '/revoke-grants');
  }

  async expireAccessTokens(): Promise<void> {
    await this.call('POST', '/expire-access-tokens');
  }

  async addLetter(letter: NewLetter = {}): Promise<{ id: string }> {
    return (await this.call('POST', '/letters', letter)) as { id: string };
  }

  /** Shows the root's notice (again, after it was dismissed). */
  async showNotice(): Promise<void> {
    await this.call('POST', '/notice');
  }

  /** Sets how many bytes a mailbox uses (the person's own, unless `mailbox` names another by its Digipost address). */
  async setUsedStorage(usedStorage: number, mailbox?: string): Promise<void> {
    await this.call('POST', '/storage', { usedStorage, ...(mailbox === undefined ? {} : { mailbox }) });
  }

  /**
   * Sends these fields in a mailbox's entry in the root's `mailbox` list exactly as given (any JSON:
   * `{ usedStorage: null }`, `-1`), over what the emulator would say: the person's own entry, unless
   * `mailbox` names another by its Digipost address. `{}` takes them back; so does a reset.
   */
  async setMailboxEntryFields(fields: Record<string, unknown>, mailbox?: string): Promise<void> {
    await this.call('POST', '/mailbox-entry', { fields, ...(mailbox === undefined ? {} : { mailbox }) });
  }

  /** The next `count` requests under `pathPrefix` (and with `method`, when given) fail as `kind` says. */
  /** `exact`: only the path `pathPrefix` itself, not the paths below it. */
  async failNext(
    count: number,
    kind: FailureKind,
    pathPrefix?: string,
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE',
    exact?: boolean,
  ): Promise<void> {
    await this.call('POST', '/fail-next', {
      count,
      kind,
      ...(pathPrefix === undefined ? {} : { pathPrefix }),
      ...(method === undefined ? {} : { method }),
      ...(exact ? { exact } : {}),
    });
  }

  async requests(): Promise<RequestLogEntry[]> {
    return (await this.call('GET', '/requests')) as RequestLogEntry[];
  }

  async clearRequests(): Promise<void> {
    await this.call('DELETE', '/requests');
  }

  async reset(): Promise<void> {
    await this.call('POST', '/reset');
  }
}
