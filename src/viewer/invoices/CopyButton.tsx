import { useEffect, useState } from 'preact/hooks';
import { t } from '../../shared/i18n.ts';

/** How long "Copied" stays beside the button: long enough to read, short enough not to mislead later. */
const SAID_FOR_MS = 4000;

/**
 * Puts exactly `value` on the clipboard and says so. The words go into a status region that is
 * always there, so a screen reader announces "Copied" when it appears; the button is a real
 * button, so Enter and Space copy too.
 */
export function CopyButton(props: { value: string; label: string }) {
  const [said, setSaid] = useState<'copied' | 'failed' | undefined>(undefined);

  useEffect(() => {
    if (said === undefined) return undefined;
    const timer = setTimeout(() => setSaid(undefined), SAID_FOR_MS);
    return () => clearTimeout(timer);
  }, [said]);

  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(props.value);
      setSaid('copied');
    } catch {
      setSaid('failed');
    }
  };

  return (
    <span class="copy">
      <button type="button" class="copy-button" aria-label={props.label} title={props.label} onClick={() => void copy()}>
        {t('copy')}
      </button>
      <span class={said === 'failed' ? 'copy-said copy-failed' : 'copy-said'} role="status">
        {said === 'copied' ? t('copied') : said === 'failed' ? t('copy_failed') : ''}
      </span>
    </span>
  );
}
