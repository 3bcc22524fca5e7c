import { useEffect, useState } from 'preact/hooks';
import { ext as browser } from '../shared/ext.ts';
import { createTab } from '../shared/create-tab.ts';
import { t } from '../shared/i18n.ts';

/** The manifest's command that opens the popup (the toolbar button's action). */
const OPEN_POPUP = '_execute_action';
/** Chrome's page for every extension's shortcuts. */
const CHROME_SHORTCUTS = 'chrome://extensions/shortcuts';

/**
 * The keyboard shortcut that opens the mailbox, as the browser holds it now (the person may have
 * changed or removed it), and a way to the browser's page where it is changed: the extension
 * cannot change it itself. Should that page not open, the way there is said in words.
 */
export function Shortcut() {
  // undefined while asking; '' when none is set.
  const [keys, setKeys] = useState<string | undefined>();
  // Where to change it, in words, should the browser not open its page.
  const [unopened, setUnopened] = useState(false);
  useEffect(() => {
    browser.commands.getAll().then(
      (commands) => setKeys(commands.find((command) => command.name === OPEN_POPUP)?.shortcut ?? ''),
      () => setKeys(''),
    );
  }, []);
  const firefox = browser.runtime.getURL('').startsWith('moz-extension:');
  const openSettings = (): void => {
    openShortcutSettings(firefox).catch(() => setUnopened(true));
  };
  return (
    <section class="card" aria-labelledby="shortcut-title">
      <h2 id="shortcut-title">{t('shortcut_title')}</h2>
      {keys === undefined ? null : <p class="shortcut">{keys ? t('shortcut_set', keys) : t('shortcut_none')}</p>}
      <div class="actions">
        <button type="button" onClick={openSettings}>
          {t('shortcut_change')}
        </button>
      </div>
      {unopened ? <p class="hint">{firefox ? t('shortcut_change_firefox') : t('shortcut_change_chrome')}</p> : null}
    </section>
  );
}

/**
 * The browser's own page for extension shortcuts: Firefox opens it for us (commands, Firefox 137
 * and later); Chrome lets an extension open chrome://extensions/shortcuts in a tab.
 */
async function openShortcutSettings(firefox: boolean): Promise<void> {
  if (firefox) await browser.commands.openShortcutSettings();
  else await createTab({ url: CHROME_SHORTCUTS });
}
