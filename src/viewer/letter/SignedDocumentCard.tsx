import { formatFullDate } from '../../model/dates.ts';
import type { SignedDocumentItem } from '../../model/metadata.ts';
import { t, uiLocale } from '../../shared/i18n.ts';
import { SignatureIcon } from '../../ui/icons.tsx';
import { CardKind, Fact } from './card-parts.tsx';

/** A signed document (SignedDocument): what was signed, whose document it was, and when the person signed it. */
export function SignedDocumentCard(props: { item: SignedDocumentItem }) {
  const { item } = props;
  return (
    <section class="metadata-card signed-card" aria-label={t('signed_kind')}>
      <CardKind icon={<SignatureIcon />}>{t('signed_kind')}</CardKind>
      <h2 class="metadata-title">{item.subject}</h2>
      <p class="metadata-status">{t('signed_on', formatFullDate(item.signed, uiLocale()))}</p>
      <dl class="metadata-facts">
        <Fact label={t('signed_issuer')}>{item.issuer}</Fact>
      </dl>
    </section>
  );
}
