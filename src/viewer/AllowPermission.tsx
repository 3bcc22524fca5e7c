import { useState } from 'preact/hooks';
import { isDeclined, isReadNotGranted, toErrorInfo, type ErrorInfo } from '../shared/errors.ts';
import { t } from '../shared/i18n.ts';
import { isOffered, PERMISSION_SWITCHES, switchTitleOf } from '../shared/offered-permissions.ts';
import type { Permission } from '../shared/permissions.ts';
import { BusyButton, ErrorAlert } from '../ui/components.tsx';
import { LockIcon } from '../ui/icons.tsx';
import { ask } from '../ui/worker-client.ts';

/**
 * The permission a failed read was refused for, when the extension may ask for it here: the
 * service (or the worker, knowing what the place needs) named one this sign-in was not granted,
 * and the settings offer it. Otherwise undefined, and the page says the failure as any other.
 */
export function permissionToAllow(error: ErrorInfo): Permission | undefined {
  return isReadNotGranted(error) && error.permission !== undefined && isOffered(error.permission) ? error.permission : undefined;
}

/**
 * "Allow…": asks for `permission` as the settings' switch that holds it does (options'
 * PermissionSwitches: the switch's permissions added to those asked for, one consent window for
 * all of them). Signed in, the consent window asks for the new set, and only a grant changes
 * anything; the new session then reaches every page (sessionChanged), and this one reads itself
 * again. Closed or answered No, it says nothing changed; any other failure in words.
 */
export function AllowPermission(props: { permission: Permission; describedBy?: string }) {
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<{ unchanged: true } | { error: ErrorInfo } | undefined>();
  const allow = async () => {
    setAsking(true);
    setOutcome(undefined);
    try {
      const { scopes } = await ask({ type: 'getPageConfig' });
      const wanted = PERMISSION_SWITCHES.find((sw) => sw.permissions.includes(props.permission))?.permissions ?? [props.permission];
      await ask({ type: 'changePermissions', scopes: [...scopes, ...wanted.filter((p) => !scopes.includes(p))] });
    } catch (failure) {
      const error = toErrorInfo(failure);
      setOutcome(isDeclined(error) ? { unchanged: true } : { error });
    } finally {
      setAsking(false);
    }
  };
  return (
    <div class="allow-permission">
      <div class="actions">
        <BusyButton type="button" class="primary" busy={asking} aria-describedby={props.describedBy} onClick={() => void allow()}>
          {asking ? t('allow_asking') : t('allow_permission')}
        </BusyButton>
      </div>
      {outcome ? (
        <div role="status">{'error' in outcome ? <ErrorAlert error={outcome.error} /> : <p class="muted">{t('allow_unchanged')}</p>}</div>
      ) : (
        <div role="status" />
      )}
    </div>
  );
}

/**
 * A place the permissions this sign-in was granted cannot open (Receipts, Mailbox settings,
 * Connected applications in a build without them): not a failure to try again, but a lock, with
 * what opens it, in the settings' words, and "Allow…".
 */
export function LockedView(props: { permission: Permission }) {
  return (
    <div class="info-panel locked-panel">
      <LockIcon class="info-panel-icon" />
      <div>
        <p class="info-panel-title">{t('locked_title')}</p>
        <p id="locked-why">{t('locked_text', t(switchTitleOf(props.permission)))}</p>
        <AllowPermission permission={props.permission} describedBy="locked-why" />
      </div>
    </div>
  );
}
