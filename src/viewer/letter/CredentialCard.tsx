import type { CredentialItem } from '../../model/metadata.ts';
import { t } from '../../shared/i18n.ts';
import { CheckCircleIcon, ShieldCheckIcon } from '../../ui/icons.tsx';
import { WebSiteButton } from '../WebSiteButton.tsx';
import { CardKind } from './card-parts.tsx';

/**
 * A digital credential issued to the person (VerifiableCredentialNotice), or a request to show one
 * (VerifiablePresentationNotice): its title and what it is for. The credential itself lives in
 * Digipost, not here: the card says so and offers the way there.
 */
export function CredentialCard(props: { item: CredentialItem; serviceOrigin: string }) {
  const { item } = props;
  const kind = item.kind === 'credential' ? t('credential_kind') : t('presentation_kind');
  return (
    <section class="metadata-card credential-card" aria-label={kind}>
      <CardKind icon={<ShieldCheckIcon />}>{kind}</CardKind>
      <h2 class="metadata-title">{item.title ?? kind}</h2>
      {item.description !== undefined ? <p class="metadata-text">{item.description}</p> : null}
      <div class="actions">
        <span class="muted">{item.kind === 'credential' ? t('credential_note') : t('presentation_note')}</span>
        <WebSiteButton serviceOrigin={props.serviceOrigin} />
      </div>
    </section>
  );
}

/** The opening receipt was sent (OpeningReceiptAccepted): the sender knows the letter was opened. */
export function OpeningReceiptCard() {
  return (
    <section class="metadata-card opening-receipt-card" aria-label={t('opening_receipt_kind')}>
      <CardKind icon={<CheckCircleIcon />}>{t('opening_receipt_kind')}</CardKind>
      <p>{t('opening_receipt_sent')}</p>
    </section>
  );
}
