import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROMPT_ANSWER_MS } from '../../src/options/permission-prompt.ts';
import { extension } from '../support/fake-extension.ts';
import { config, rootSnapshot } from './fixtures.ts';
import { openPage } from './page.ts';

/*
 * The settings when the browser's permission prompt is never answered (options/permission-prompt.ts):
 * the browser's promise then never settles, and a switch said "Saving…" for good. Its wait is bounded.
 */

const { worker } = extension;

async function opened(status: 'signed_in' | 'signed_out'): Promise<void> {
  worker.answer('getConfig', config());
  worker.answer('getStatus', status === 'signed_in' ? { state: 'signed_in', scopes: config().scopes } : { state: 'signed_out' });
  worker.answer('getRoot', rootSnapshot());
  await openPage('options');
  await screen.findByRole('heading', { name: 'What the extension may do' });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the browser's permission prompt, never answered", () => {
  it('the notifications switch says Saving… while the prompt waits, then that nothing changed, and goes back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await opened('signed_in');
    extension.promptUnanswered = true;
    const notify = screen.getByRole<HTMLInputElement>('switch', { name: 'Notify me of new letters' });
    fireEvent.click(notify);
    await screen.findByText('Saving…');
    expect(notify.checked).toBe(true);
    vi.advanceTimersByTime(PROMPT_ANSWER_MS);
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('.alert-message')?.textContent).toBe(
      "Nothing was changed: the browser's question was not answered. It will ask again the next time.",
    );
    screen.getByText('Not saved: the setting is as it was.');
    expect(screen.queryByText('Saving…')).toBeNull();
    expect(notify.checked).toBe(false);
    expect(worker.asked('changeLetterSettings')).toEqual([]);
  });

  it('waits its whole while first: a second short of it, the switch still says Saving…', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await opened('signed_in');
    extension.promptUnanswered = true;
    fireEvent.click(screen.getByRole<HTMLInputElement>('switch', { name: 'Notify me of new letters' }));
    await screen.findByText('Saving…');
    vi.advanceTimersByTime(PROMPT_ANSWER_MS - 1000);
    await Promise.resolve();
    expect(screen.queryByRole('alert')).toBeNull();
    screen.getByText('Saving…');
  });
});
