import { createContext, type ComponentChildren } from 'preact';
import { useContext, useId, useMemo, useState } from 'preact/hooks';

/*
 * One message at a time on a page: what the person did last says how it went, and nothing older
 * stays beside it. Each part of a page that tells an outcome (an upload, a move or a rename, a new
 * folder, a letter deleted; a switch or a save in the settings) keeps its own words, and shows them only while it is the part
 * that spoke last. A part speaks when an action of its starts (what an earlier one said is then old
 * news) and again when its outcome arrives, so an error never sits beside the previous "uploaded",
 * wherever on the page that was said.
 */

interface Slot {
  speaker: string | undefined;
  speak: (who: string) => void;
}

const SlotContext = createContext<Slot | undefined>(undefined);

/** A page's one place for an outcome: whoever spoke last is heard. */
export function OneMessage(props: { children: ComponentChildren }) {
  const [speaker, speak] = useState<string | undefined>(undefined);
  const slot = useMemo(() => ({ speaker, speak }), [speaker]);
  return <SlotContext.Provider value={slot}>{props.children}</SlotContext.Provider>;
}

/**
 * For a part that tells outcomes: `speak()` as an action starts and as its outcome arrives;
 * `heard` whether its words are the ones to show. Outside a page's slot it is always heard.
 */
export function useOneMessage(): { heard: boolean; speak: () => void } {
  const slot = useContext(SlotContext);
  const me = useId();
  return { heard: slot === undefined || slot.speaker === me, speak: () => slot?.speak(me) };
}
