import { fireEvent, screen } from '@testing-library/preact';
import { render } from 'preact';
import { describe, expect, it } from 'vitest';
import { FieldList } from '../../src/viewer/resources/Fields.tsx';
import { Value, type Json } from '../../src/viewer/resources/ResourceTree.tsx';
import { viewerPages } from '../../src/storage/page-items.ts';
import { extension } from '../support/fake-extension.ts';
import { fullRoot, resourceSnapshot, rootSnapshot, SERVICE } from './fixtures.ts';
import { openPage } from './page.ts';

/*
 * Hostile answers (issue #33, point 8): data nested thousands of levels deep. The worker refuses
 * such an answer where it parses it (test/unit/api/http.test.ts); the pages' renderers, which walk
 * whatever they are handed by recursion, stop at a depth of their own and show "…" beyond it, so
 * data that came some other way still cannot take a page down.
 */

const { worker } = extension;
const PAGE_ID = 'DDDDDDDDDDDDDDDDDDDDDD';
const LEVELS = 10_000;

/** An object `levels` deep, each level with a field of its own and the next level below it. */
function deepObject(levels: number): Json {
  let value: Json = { bottom: 'the end' };
  for (let i = 0; i < levels; i++) value = { level: i, deeper: value };
  return value;
}

/** Arrays within arrays, `levels` deep. */
function deepArray(levels: number): Json {
  let value: Json = ['the end'];
  for (let i = 0; i < levels; i++) value = [i, value];
  return value;
}

function renderInto(node: preact.ComponentChild): HTMLElement {
  const box = document.createElement('div');
  render(node, box);
  return box;
}

describe('data nested 10,000 levels deep', () => {
  it.each([
    ['an object', deepObject(LEVELS)],
    ['an array', deepArray(LEVELS)],
  ])('in all details: %s is shown down to a depth and "…" below it, without throwing', (_kind, data) => {
    const box = renderInto(<Value value={{ nested: data }} serviceOrigin={SERVICE} depth={0} />);
    expect(box.textContent).toContain('…');
    expect(box.textContent).not.toContain('the end');
  });

  it('in the fields in words: shown down to a depth and "…" below it, without throwing', () => {
    const box = renderInto(<FieldList data={{ subject: 'Top', nested: deepObject(LEVELS) }} />);
    expect(box.textContent).toContain('Top');
    expect(box.textContent).toContain('…');
    expect(box.textContent).not.toContain('the end');
  });

  // 1,000 levels: as deep as the messaging between worker and page carries (it copies by recursion too).
  it('a viewer tab handed a resource 1,000 levels deep shows its page, not a blank one', async () => {
    const url = `${SERVICE}/post/api/private/accounts/1234/something`;
    await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: { url, relation: 'self' } });
    worker.answer('getRoot', rootSnapshot({ root: fullRoot() }));
    worker.answer('getResource', resourceSnapshot({ subject: 'Top of the pile', nested: deepObject(1000) }, url));
    await openPage('viewer', `?page=${PAGE_ID}`);
    // In the fields in words, and in all details.
    expect(await screen.findAllByText('Top of the pile')).toHaveLength(2);
    fireEvent.click(screen.getByText('All details and links'));
    expect(screen.getByRole('main').textContent).toContain('…');
  });
});
