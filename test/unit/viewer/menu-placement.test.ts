import { describe, expect, it, vi } from 'vitest';

/*
 * Where a row's menu opens (src/viewer/filing/FilingControls.tsx): below its button when it fits,
 * else on the side with more room, never taller than that room (8 px kept from the window's edge),
 * so it never runs off the window. The CSS that applies the choice is the browser's (files.e2e.ts).
 */

// The module's imports read the extension API as they load (src/shared/ext.ts), which a page has
// and Node has not; the placement itself reads none of it.
vi.stubGlobal('chrome', {});
const { menuPlacement } = await import('../../../src/viewer/filing/FilingControls.tsx');

/** A button's box in the window: only its top and bottom decide. */
const button = (top: number, bottom: number) => ({ top, bottom }) as DOMRect;

describe('a menu in the window', () => {
  it('opens downwards, below its button, where there is room below', () => {
    // The first row of a list in a window 720 px high.
    expect(menuPlacement(button(100, 132), 160, 720)).toEqual({ up: false, maxHeight: 720 - 132 - 8 });
  });

  it('opens upwards, inside the window, for a row at its bottom edge', () => {
    // The last row, scrolled to the bottom of a window 320 px high: no room below.
    expect(menuPlacement(button(280, 312), 160, 320)).toEqual({ up: true, maxHeight: 280 - 8 });
  });

  it('opens downwards when it just fits below, however much more room there is above', () => {
    expect(menuPlacement(button(500, 532), 180, 720)).toEqual({ up: false, maxHeight: 180 });
  });

  it('fitting neither way, opens where there is more room, no taller than that room', () => {
    // A tall menu in a short window: more room below than above keeps it below, cut to that room.
    expect(menuPlacement(button(60, 92), 400, 320)).toEqual({ up: false, maxHeight: 320 - 92 - 8 });
    expect(menuPlacement(button(220, 252), 400, 320)).toEqual({ up: true, maxHeight: 220 - 8 });
  });
});
