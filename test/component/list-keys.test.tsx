import { fireEvent, render, screen } from '@testing-library/preact';
import { useRef } from 'preact/hooks';
import { describe, expect, it } from 'vitest';
import { useListKeys } from '../../src/ui/list-keys.ts';

/*
 * The keys that move through a list of letters (src/ui/list-keys.ts), as the viewer's lists and
 * the popup use them: j and k from anywhere, the arrows once a row has focus (from the page too in
 * the popup), never a key typed into a field or with a modifier. The pages' own wiring is tested
 * end to end (test/e2e/keyboard.e2e.ts, in Chromium and Firefox).
 */

function List(props: { arrowsFromPage?: boolean }) {
  const list = useRef<HTMLUListElement>(null);
  useListKeys(list, 'a.row', props.arrowsFromPage);
  return (
    <div>
      <input aria-label="Search" />
      <button type="button">Elsewhere</button>
      <ul ref={list}>
        {['First', 'Second', 'Third'].map((name) => (
          <li key={name}>
            <a class="row" href={`#${name}`}>
              {name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

const row = (name: string) => screen.getByRole('link', { name });
const press = (key: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(document.activeElement ?? document.body, { key, ...init });

describe('keys that move through a list', () => {
  it('j goes to the first row from anywhere, then on; k goes back; neither runs past the ends', () => {
    render(<List />);
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    press('j');
    expect(document.activeElement).toBe(row('First'));
    press('j');
    press('j');
    press('j');
    expect(document.activeElement).toBe(row('Third'));
    press('k');
    expect(document.activeElement).toBe(row('Second'));
    press('k');
    press('k');
    expect(document.activeElement).toBe(row('First'));
  });

  it('the arrows move once a row has focus, and leave the page to scroll before that', () => {
    render(<List />);
    expect(fireEvent.keyDown(document.body, { key: 'ArrowDown' })).toBe(true);
    expect(document.activeElement).toBe(document.body);
    row('Second').focus();
    expect(fireEvent.keyDown(row('Second'), { key: 'ArrowDown' })).toBe(false);
    expect(document.activeElement).toBe(row('Third'));
    press('ArrowUp');
    press('ArrowUp');
    expect(document.activeElement).toBe(row('First'));
  });

  it('in the popup the arrows start from a page where nothing has focus', () => {
    render(<List arrowsFromPage />);
    (document.activeElement as HTMLElement | null)?.blur();
    press('ArrowDown');
    expect(document.activeElement).toBe(row('First'));
  });

  it('never takes a key typed into a field, or one pressed with a modifier', () => {
    render(<List arrowsFromPage />);
    const field = screen.getByRole('textbox', { name: 'Search' });
    field.focus();
    expect(fireEvent.keyDown(field, { key: 'j' })).toBe(true);
    expect(fireEvent.keyDown(field, { key: 'ArrowDown' })).toBe(true);
    expect(document.activeElement).toBe(field);
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    for (const modifier of ['ctrlKey', 'altKey', 'metaKey', 'shiftKey'] as const) press('j', { [modifier]: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));
  });
});
