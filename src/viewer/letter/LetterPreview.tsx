import type { LetterSummary } from '../../model/letters.ts';
import type { Permission } from '../../shared/permissions.ts';
import { t } from '../../shared/i18n.ts';
import { DelayedBusy } from '../DelayedBusy.tsx';
import { LetterHead } from './LetterHead.tsx';

/**
 * A letter's page while the service is asked for it, when it was opened from a list: what the
 * list showed (the sender and date here, the subject in the page's heading) at once, where the
 * letter's own page puts them, and the room of what is still to come kept for it, so that nothing
 * on screen moves when it comes: the filing bar's row (when the letter may be moved or deleted),
 * the "Details" line (hidden until it can open), and the document's space.
 */
export function LetterPreview(props: { letter: LetterSummary; scopes: readonly Permission[] }) {
  const { letter, scopes } = props;
  const filing =
    letter.self !== undefined &&
    (scopes.includes('DELETE_DOCUMENT') || (scopes.includes('UPDATE_DOCUMENT') && !letter.confidential && letter.subject.trim() !== ''));
  return (
    <>
      {filing ? (
        <div class="letter-filing reserved-space" aria-hidden="true">
          <div class="filing-bar">
            {/* A button's height, said by nothing. */}
            <button type="button" tabIndex={-1}>
              {'\u00a0'}
            </button>
          </div>
        </div>
      ) : null}
      <LetterHead letter={letter} />
      <div class="letter-details reserved-space" aria-hidden="true">
        <span class="letter-details-summary">{t('details')}</span>
      </div>
      <div class={`main-document${letter.locked ? '' : ' awaiting-content'}`}>
        <DelayedBusy label={t('letter_opening')} />
      </div>
    </>
  );
}
