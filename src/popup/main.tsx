import { render } from 'preact';
import { applyDocumentLanguage } from '../shared/i18n.ts';
import { ask } from '../ui/worker-client.ts';
import { Popup, readCache } from './Popup.tsx';

/** Resolves once the browser has painted the frame being prepared now. */
const afterNextPaint = () => new Promise<void>((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));

// The cached view is read before the first render, so a warm popup paints its content in one go,
// with no skeleton in between. With a cache to paint, the worker is asked only after that first
// frame: a stopped worker (the browser stops it after 30 s idle) starts in this page's process and
// would slow the paint it is not needed for. Without a cache, the worker is asked at once.
const { snapshot: cached, due } = await readCache();
const firstAnswer = (cached ? afterNextPaint() : Promise.resolve()).then(() => ask({ type: 'getRoot', inbox: true }));
// Handled by the Popup; this keeps a failure that comes before it mounts from being reported as unhandled.
firstAnswer.catch(() => undefined);
applyDocumentLanguage();
const root = document.getElementById('app');
if (root) render(<Popup cached={cached} due={due} firstAnswer={firstAnswer} />, root);
