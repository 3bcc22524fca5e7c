import { formatFullDate } from '../../model/dates.ts';
import { senderText } from '../../model/letter-text.ts';
import type { LetterSummary } from '../../model/letters.ts';
import { t, uiLocale } from '../../shared/i18n.ts';

/** A letter's compact header: who sent it and when (the page's heading names it). */
export function LetterHead(props: { letter: LetterSummary }) {
  const { letter } = props;
  return (
    <div class="letter-head">
      <p class="letter-sender-line">
        <span class="sr-only">{t('letter_from')} </span>
        <span class="letter-from">{senderText(letter)}</span>
      </p>
      {letter.created !== undefined ? (
        <p class="letter-when">
          <span class="sr-only">{t('letter_received')} </span>
          <time dateTime={letter.created}>{formatFullDate(letter.created, uiLocale())}</time>
        </p>
      ) : null}
    </div>
  );
}
