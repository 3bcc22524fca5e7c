import { formatFullDate } from '../../model/dates.ts';
import { senderText } from '../../model/letter-text.ts';
import type { LetterSummary } from '../../model/letters.ts';
import { useContext } from 'preact/hooks';
import { t, uiLocale } from '../../shared/i18n.ts';
import { WhoseMailboxContext } from '../navigation.tsx';

/**
 * A letter's compact header: who sent it and when (the page's heading names it), and, in a mailbox
 * shared with the person, whose mailbox it lies in: "In Inbox" alone would not say whose inbox.
 */
export function LetterHead(props: { letter: LetterSummary }) {
  const { letter } = props;
  const whose = useContext(WhoseMailboxContext);
  return (
    <div class="letter-head">
      <p class="letter-sender-line">
        <span class="sr-only">{t('letter_from')} </span>
        <span class="letter-from">{senderText(letter)}</span>
      </p>
      {whose !== undefined ? <p class="letter-mailbox">{t('letter_in_mailbox_of', whose)}</p> : null}
      {letter.created !== undefined ? (
        <p class="letter-when">
          <span class="sr-only">{t('letter_received')} </span>
          <time dateTime={letter.created}>{formatFullDate(letter.created, uiLocale())}</time>
        </p>
      ) : null}
    </div>
  );
}
