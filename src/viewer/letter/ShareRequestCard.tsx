import { formatOrganisationNumber } from '../../model/format.ts';
import type { ShareRequestItem } from '../../model/metadata.ts';
import { t, tCount } from '../../shared/i18n.ts';
import { ShareIcon } from '../../ui/icons.tsx';
import { WebSiteButton } from '../WebSiteButton.tsx';
import { CardKind, Fact } from './card-parts.tsx';

const HOUR = 3600;
const DAY = 24 * HOUR;

/** "Up to 14 days after you share", in whole days, else hours (rounded up: never less than the sender asked). */
function durationText(seconds: number | undefined): string | undefined {
  if (seconds === undefined) return undefined;
  if (seconds >= DAY && seconds % DAY === 0) return tCount('share_duration_days', seconds / DAY);
  return tCount('share_duration_hours', Math.ceil(seconds / HOUR));
}

function stateText(item: ShareRequestItem): string {
  switch (item.state) {
    case 'open':
      return t('share_open');
    case 'shared':
      return item.sharedCount === undefined ? t('share_shared') : tCount('share_shared', item.sharedCount);
    case 'stopped':
      return t('share_stopped');
  }
}

/**
 * A request to share documents (ShareDocumentsRequest): who asks, why, for how long they may see what
 * is shared and which letters may be, and where it stands. Answering, or stopping a sharing, is done
 * on Digipost's website: the card says so and offers the way there.
 */
export function ShareRequestCard(props: { item: ShareRequestItem; sender: string; serviceOrigin: string }) {
  const { item } = props;
  const heading = props.sender.trim() === '' ? t('share_title_anonymous') : t('share_title', props.sender);
  const note = item.state === 'open' ? t('share_note_open') : item.state === 'shared' ? t('share_note_shared') : undefined;
  return (
    <section class="metadata-card share-card" aria-label={t('share_kind')}>
      <CardKind icon={<ShareIcon />}>{t('share_kind')}</CardKind>
      <h2 class="metadata-title">{heading}</h2>
      <p class="metadata-status">{stateText(item)}</p>
      <dl class="metadata-facts">
        <Fact label={t('share_purpose')} class="metadata-text">
          {item.purpose}
        </Fact>
        <Fact label={t('share_duration')}>{durationText(item.maxDuration)}</Fact>
        <Fact label={t('share_which')}>
          {item.organisations.length === 0
            ? undefined
            : t('share_organisations', item.organisations.map(formatOrganisationNumber).join(', '))}
        </Fact>
      </dl>
      {note !== undefined ? (
        <div class="actions">
          <span>{note}</span>
          <WebSiteButton serviceOrigin={props.serviceOrigin} />
        </div>
      ) : null}
    </section>
  );
}
