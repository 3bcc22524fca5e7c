import { fireEvent, render, screen, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { FilingFailure } from '../../src/viewer/filing/FilingControls.tsx';

/*
 * How a failed change to the mailbox is told (src/viewer/filing/FilingControls.tsx): a refusal that a
 * second try cannot mend (a folder that still holds letters, a letter gone) offers no Try again,
 * which would only be refused once more; a change that may have arrived offers Look again, which
 * only reads, and sending it again only as the person's explicit choice.
 */

describe('a failed change', () => {
  it('a folder that still holds letters: said in words, and no Try again', () => {
    render(<FilingFailure failure={{ error: { code: 'folder_not_empty', status: 400 }, retry: vi.fn() }} />);
    const alert = screen.getByRole('alert');
    within(alert).getByText('The folder still holds letters. Move or delete them first, then delete the folder.');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a letter that is gone: no Try again either', () => {
    render(<FilingFailure failure={{ error: { code: 'write_target_gone', status: 404 }, retry: vi.fn() }} />);
    expect(within(screen.getByRole('alert')).queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('an undo the worker did not send, the letter changed elsewhere: no Try again', () => {
    render(<FilingFailure failure={{ error: { code: 'write_target_changed' }, retry: vi.fn() }} />);
    expect(within(screen.getByRole('alert')).queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a change whose outcome the worker could not tell: Look again (it only looks), and sending again only as an explicit, worded choice', () => {
    const retry = vi.fn();
    render(<FilingFailure failure={{ error: { code: 'write_outcome_unknown' }, retry }} />);
    const alert = screen.getByRole('alert');
    within(alert).getByText(/Digipost did not say whether the change was made/);
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Look again' }));
    expect(retry).toHaveBeenLastCalledWith();
    fireEvent.click(within(alert).getByRole('button', { name: 'Send again, though it may have arrived' }));
    expect(retry).toHaveBeenLastCalledWith(true);
    expect(retry).toHaveBeenCalledTimes(2);
  });

  it('an answer that says nothing was done: Try again', () => {
    const retry = vi.fn();
    render(<FilingFailure failure={{ error: { code: 'http_unexpected_status', status: 418 }, retry }} />);
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});
