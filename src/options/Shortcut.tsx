import { useEffect, useState } from 'preact/hooks';
import { ext as browser } from '../shared/ext.ts';
import { t } from '../shared/i18n.ts';

/** The manifest's command that opens the popup (the toolbar button's action). */
const OPEN_POPUP = '_execute_action';

/**
 * The keyboard shortcut that opens the mailbox, as the browser holds it now (the person may have
 * changed or removed it), and where each browser lets them change it: the extension cannot.
 */
export function Shortcut() {
  // undefined while asking; '' when none is set.
  const [keys, setKeys] = useState<string | undefined>();
  useEffect(() => {
    browser.commands.getAll().then(
      (commands) => setKeys(commands.find((command) => command.name === OPEN_POPUP)?.shortcut ?? ''),
      () => setKeys(''),
    );
  }, []);
  const firefox = browser.runtime.getURL('').startsWith('moz-extension:');
  return (
    <section class="card" aria-labelledby="shortcut-title">
      <h2 id="shortcut-title">{t('shortcut_title')}</h2>
      {keys === undefined ? null : <p class="shortcut">{keys ? t('shortcut_set', keys) : t('shortcut_none')}</p>}
      <p class="hint">{firefox ? t('shortcut_change_firefox') : t('shortcut_change_chrome')}</p>
    </section>
  );
}
