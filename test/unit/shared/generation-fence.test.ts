import { describe, expect, it } from 'vitest';
import { fencedToGeneration, sameGeneration } from '../../../src/shared/generation-fence.ts';

/** A fence at `generation`, and what happened to it, in order. */
function fenceAt(generation: number) {
  const steps: string[] = [];
  const source = {
    now: generation,
    generation() {
      steps.push(`read ${this.now}`);
      return Promise.resolve(this.now);
    },
  };
  /** A step of work that notes itself. */
  const step = (name: string) => () => {
    steps.push(name);
    return Promise.resolve();
  };
  return { source, steps, step };
}

describe('the session fence', () => {
  it('holds while nothing moved it, for a page’s own counter too', async () => {
    const { source } = fenceAt(3);
    expect(await sameGeneration(source, 3)).toBe(true);
    expect(await sameGeneration(source, 2)).toBe(false);
    expect(await sameGeneration({ generation: () => 7 }, 7)).toBe(true);
  });

  it('keeps work done while the session stands, checked after it landed', async () => {
    const { source, steps, step } = fenceAt(3);
    const kept = await fencedToGeneration(source, 3, step('write'), step('take back'));
    expect(kept).toBe(true);
    expect(steps).toEqual(['write', 'read 3']);
  });

  it('takes back work done while a sign-out moved the fence', async () => {
    const { source, steps, step } = fenceAt(3);
    const work = () => {
      source.now = 4; // the sign-out, while the write was on its way
      return step('write')();
    };
    const kept = await fencedToGeneration(source, 3, work, step('take back'));
    expect(kept).toBe(false);
    expect(steps).toEqual(['write', 'read 4', 'take back']);
  });

  it('answers a failed work with its error, neither checked nor taken back', async () => {
    const { source, steps, step } = fenceAt(3);
    const failing = () => Promise.reject(new Error('quota'));
    await expect(fencedToGeneration(source, 3, failing, step('take back'))).rejects.toThrow('quota');
    expect(steps).toEqual([]);
  });
});
