import { ActionIcon } from '../../ui/icons.tsx';
import { t } from '../../shared/i18n.ts';
import { WebSiteButton } from '../WebSiteButton.tsx';

/**
 * A relation that is an action (sign out, delete, upload, ...) is never followed as a page. Nothing
 * went wrong: the viewer says what it is, calmly, and where to go instead.
 */
export function ActionView(props: { label: string; canGoBack: boolean; onBack: () => void; serviceOrigin: string | undefined }) {
  return (
    <div class="info-panel" role="note">
      <ActionIcon class="info-panel-icon" />
      <div>
        <p class="info-panel-title">{t('action_title', props.label)}</p>
        <p>{t('action_explain')}</p>
        <div class="actions">
          {/* Back first: the web site's button comes once the service's address is known, and must not move Back from under the pointer. */}
          {props.canGoBack ? (
            <button type="button" onClick={props.onBack}>
              {t('back')}
            </button>
          ) : null}
          {props.serviceOrigin ? <WebSiteButton serviceOrigin={props.serviceOrigin} /> : null}
        </div>
      </div>
    </div>
  );
}
