import { ActionIcon } from '../ui/icons.tsx';
import { t } from '../shared/i18n.ts';

/**
 * A relation that is an action (sign out, delete, upload, ...) is never followed as a page. Nothing
 * went wrong: the viewer says what it is, calmly, and where to go instead.
 */
export function ActionView(props: { label: string; canGoBack: boolean; onBack: () => void }) {
  return (
    <div class="info-panel" role="note">
      <ActionIcon class="info-panel-icon" />
      <div>
        <p class="info-panel-title">{t('action_title', props.label)}</p>
        <p>{t('action_explain')}</p>
        {props.canGoBack ? (
          <div class="actions">
            <button type="button" onClick={props.onBack}>
              {t('back')}
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
