import { useEffect, useState } from 'preact/hooks';
import { t, tCount } from '../shared/i18n.ts';
import { Skeleton } from '../ui/components.tsx';
import { GLANCE_LETTERS } from '../api/root-snapshot.ts';
import { Slot } from './NeedsYou.tsx';

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
 * What stands in for the late parts until they show: the list's heading, a skeleton row for each
 * row the cache knows of (the rows of the places read before: their room, so the letters' stand-in
 * under it stays put), where the popup is still looking, and the letters' skeleton. Its room is
 * fixed in its first frame. The letters' heading is not drawn until the list above is, since only
 * then is its place known: nothing drawn moves (issue #47 point 4).
 */
export function LatePartsPending(props: { looking: number; slots: number }) {
  const [slots] = useState(props.slots);
  return (
    <div class="late-parts pending">
      <section class="due" aria-labelledby="due-title">
        <h2 id="due-title">{t('needs_title')}</h2>
        <ul>{Array.from({ length: slots }, Slot)}</ul>
        <p class="due-note held">
          <span role="status">{props.looking > 0 ? tCount('due_still_looking', props.looking) : null}</span>
        </p>
      </section>
      <Skeleton lines={GLANCE_LETTERS} />
    </div>
  );
}
