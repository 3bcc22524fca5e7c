import { useEffect, useState } from 'preact/hooks';
import { t, tCount } from '../shared/i18n.ts';
import { Skeleton } from '../ui/components.tsx';
import { SpriteIcon } from '../ui/sprite-icon.tsx';

/**
 * How long the popup holds the newest letters once they are known, waiting for the invoices due
 * soon to be whole: long enough for the folders' reads that started with them (a few round trips),
 * short enough that a slow folder never hides letters already read.
 */
export const LATE_PARTS_GRACE_MS = 1500;

/**
 * Whether the popup shows its late parts (the invoices due soon, the newest letters, the settings
 * links): at once when they are all known, else when the letters are known and the invoice list is
 * whole, or LATE_PARTS_GRACE_MS after the letters are known if it is not. Until then one reserved
 * block stands in their place (issue #35: nothing on screen moves when the rest arrives): shown in
 * one frame, an invoice found late no longer pushes letters already shown down under the pointer.
 * Once shown they stay, and change in place.
 */
export function useLatePartsShown(lettersKnown: boolean, dueWhole: boolean): boolean {
  const whole = lettersKnown && dueWhole;
  const [shown, setShown] = useState(whole);
  useEffect(() => {
    if (shown || !lettersKnown) return undefined;
    if (whole) {
      setShown(true);
      return undefined;
    }
    const timer = setTimeout(() => setShown(true), LATE_PARTS_GRACE_MS);
    return () => clearTimeout(timer);
  }, [shown, whole, lettersKnown]);
  return shown || whole;
}

/**
 * What stands in for the late parts until they show: the invoices' heading, where the popup is
 * still looking, and the newest letters' heading over a skeleton, at the places the parts will
 * take, so the headings do not move when the parts replace it.
 */
export function LatePartsPending(props: { looking: number }) {
  return (
    <div class="late-parts pending">
      <section class="due" aria-labelledby="due-title">
        <h2 id="due-title">
          <SpriteIcon name="invoice" />
          {t('invoices_due_title')}
        </h2>
        <p class="due-note" role="status">
          {props.looking > 0 ? tCount('due_still_looking', props.looking) : null}
        </p>
        {/* Every place read, the list waits for the letters: a line to say it is coming, not an empty box. */}
        {props.looking > 0 ? null : <div class="skeleton-line" aria-hidden="true" />}
      </section>
      <section class="letters" aria-labelledby="letters-title">
        <h2 id="letters-title">{t('newest_letters')}</h2>
        <Skeleton lines={5} />
      </section>
    </div>
  );
}
