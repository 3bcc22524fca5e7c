import { describe, expect, it } from 'vitest';
import { layoutValue } from '../../bench/layout-shift.ts';

describe("the benchmark's layout shift figure", () => {
  it('shows a shift too small for three decimals in significant digits, never as 0.000 beside "not met"', () => {
    const value = layoutValue([{ shift: 0.00021, moved: 0, worst: '', shifted: '' }]);
    expect(value).toEqual({ text: 'layout shift 0.00021; 0 px moved (worst of 1)', met: false });
  });

  it('shows a shift of nothing as 0.000, met', () => {
    expect(layoutValue([{ shift: 0, moved: 0, worst: '', shifted: '' }])).toEqual({
      text: 'layout shift 0.000; 0 px moved (worst of 1)',
      met: true,
    });
  });
});
