/**
 * How long the settings wait for the person to answer the browser's permission prompt. The browser
 * never says when its prompt went away unanswered (closed with the window behind it, hidden behind
 * another, never drawn), and its promise then never settles: a switch would say "Saving…" for good.
 * A minute is long past anyone reading the question and answering it.
 */
export const PROMPT_ANSWER_MS = 60_000;

/** What came of asking the browser for a permission. */
export type PromptAnswer = 'granted' | 'refused' | 'unanswered';

/**
 * The browser's answer to `request` (permissions.request, made straight from the click), or
 * 'unanswered' once `ms` have passed without one. A late answer is not taken: the page has said by
 * then that nothing changed, and asking again answers at once where the permission was granted.
 */
export function answerOf(request: Promise<boolean>, ms = PROMPT_ANSWER_MS): Promise<PromptAnswer> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('unanswered'), ms);
    request
      .then(
        (granted) => resolve(granted ? 'granted' : 'refused'),
        () => resolve('refused'),
      )
      .finally(() => clearTimeout(timer));
  });
}
