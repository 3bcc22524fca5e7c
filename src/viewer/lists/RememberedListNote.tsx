import { t } from '../../shared/i18n.ts';

/**
 * Above a list shown from the tab's memory because the service did not answer: said quietly, in a
 * person's words, with the one thing to do (the page also asks again by itself, and on its own
 * brings the list up to date once the service answers).
 */
export function RememberedListNote(props: { onRetry: () => void }) {
  return (
    <div class="offline" role="status">
      <span>{t('list_from_memory')}</span>
      <button type="button" class="link-button" onClick={props.onRetry}>
        {t('try_again')}
      </button>
    </div>
  );
}
