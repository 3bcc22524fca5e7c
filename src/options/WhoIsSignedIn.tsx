import type { RootResource } from '../api/schemas.ts';
import type { StatusView } from '../protocol/messages.ts';
import { isEndedByService, type ErrorInfo } from '../shared/errors.ts';
import { t } from '../shared/i18n.ts';
import { Busy, ErrorAlert } from '../ui/components.tsx';
import { SignOutIcon } from '../ui/icons.tsx';
import { initials } from '../ui/initials.ts';

/** The person as the root gives them: a name, and how Digipost reaches them. */
export interface Person {
  name: string | undefined;
  /** The Digipost address, or else the first e-mail address. */
  address: string | undefined;
}

export function personOf(root: RootResource): Person {
  const account = root.primaryAccount;
  const filled = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  return { name: filled(account?.fullName), address: filled(account?.digipostaddress) ?? account?.email?.map(filled).find(Boolean) };
}

export type Connection =
  | { kind: 'loading' }
  | { kind: 'not_configured' }
  | { kind: 'signed_out'; reason?: ErrorInfo | undefined }
  | { kind: 'connecting' }
  /** `person` is undefined until the root has come (or when it could not be fetched). */
  | { kind: 'signed_in'; person: Person | undefined };

export function connectionOf(status: StatusView): Connection {
  if (status.state === 'not_configured') return { kind: 'not_configured' };
  if (status.state === 'signed_out') return { kind: 'signed_out', reason: status.reason };
  return { kind: 'signed_in', person: undefined };
}

/** The top of the settings: who is signed in, with Sign out; or Connect; or why neither yet. */
/** `onDismiss`: forget that Digipost ended the connection (a sign-out of what is left, which every open page hears). */
export function WhoIsSignedIn(props: { connection: Connection; onConnect: () => void; onSignOut: () => void; onDismiss: () => void }) {
  const { connection } = props;
  switch (connection.kind) {
    case 'loading':
      return (
        <section class="card person" aria-label={t('options_you')}>
          <Busy label={t('loading')} />
        </section>
      );
    case 'not_configured':
      return (
        <section class="card person" aria-labelledby="person-title">
          <div class="who">
            <h2 id="person-title">{t('options_not_configured')}</h2>
            <p class="muted">{t('options_not_configured_text')}</p>
          </div>
        </section>
      );
    case 'signed_out': {
      // Why, when there is a why: Digipost ended the connection (news, said calmly, until the
      // person connects again or dismisses it), or the sign-in just tried failed (its reason).
      const { reason } = connection;
      const ended = reason !== undefined && isEndedByService(reason);
      return (
        <section class="card person" aria-labelledby="person-title">
          <div class="who">
            <h2 id="person-title">{t(ended ? 'ended_title' : 'signed_out_title')}</h2>
            {reason && !ended ? <ErrorAlert error={reason} /> : <p class="muted">{t(ended ? 'ended_text' : 'signed_out_text')}</p>}
          </div>
          <div class="person-actions">
            <button type="button" class="primary" onClick={props.onConnect}>
              {t('connect')}
            </button>
            {ended ? (
              <button type="button" class="quiet" onClick={props.onDismiss}>
                {t('dismiss')}
              </button>
            ) : null}
          </div>
        </section>
      );
    }
    case 'connecting':
      return (
        <section class="card person" aria-labelledby="person-title">
          <div class="who">
            <h2 id="person-title">{t('connecting_title')}</h2>
            <Busy label={t('connecting')} />
            <p class="muted">{t('connecting_hint')}</p>
          </div>
        </section>
      );
    case 'signed_in': {
      const name = connection.person?.name;
      return (
        <section class="card person" aria-labelledby="person-title">
          <span class="avatar" aria-hidden="true">
            {initials(name ?? '') || '?'}
          </span>
          <div class="who">
            <h2 id="person-title">{name ?? t('account_unnamed')}</h2>
            <p class="muted">{connection.person?.address ?? t('options_signed_in')}</p>
          </div>
          <button type="button" onClick={props.onSignOut}>
            <SignOutIcon />
            {t('sign_out')}
          </button>
        </section>
      );
    }
  }
}
