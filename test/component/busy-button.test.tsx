import { fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { BusyButton } from '../../src/ui/components.tsx';

/*
 * BusyButton (src/ui/components.tsx): the buttons that start a request stay focusable while it
 * runs, since a disabled button loses the keyboard's focus, yet a press then does nothing.
 */

describe('BusyButton', () => {
  it('while busy: focusable, said to be unavailable, and a press does nothing', () => {
    const pressed = vi.fn();
    render(
      <BusyButton type="button" busy onClick={pressed}>
        Save
      </BusyButton>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    button.focus();
    expect(document.activeElement).toBe(button);
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(pressed).not.toHaveBeenCalled();
  });

  it('while busy, a form is not submitted through it', () => {
    const submitted = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={submitted}>
        <BusyButton type="submit" busy>
          Search
        </BusyButton>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(submitted).not.toHaveBeenCalled();
  });

  it('not busy: a plain button that does what it is pressed for', () => {
    const pressed = vi.fn();
    const submitted = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={submitted}>
        <BusyButton type="submit" busy={false} onClick={pressed}>
          Save
        </BusyButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    fireEvent.click(button);
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(submitted).toHaveBeenCalledTimes(1);
  });
});
