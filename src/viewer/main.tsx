import { render } from 'preact';
import { applyDocumentLanguage } from '../shared/i18n.ts';
import { OneMessage } from '../ui/one-message.tsx';
import { Viewer } from './Viewer.tsx';
import { browserAreas } from '../storage/browser-areas.ts';
import { getItem } from '../storage/item.ts';
import { rootCacheItem } from '../storage/page-items.ts';

// The root as last cached, read before the first render (as the popup does): the side list and
// the finder are drawn at once, not pushed in above the page a moment later.
const cachedRoot = await getItem(browserAreas, rootCacheItem).catch(() => undefined);
applyDocumentLanguage();
const root = document.getElementById('app');
if (root) {
  render(
    <OneMessage>
      <Viewer cachedRoot={cachedRoot} />
    </OneMessage>,
    root,
  );
}
