import { render } from 'preact';
import { applyDocumentLanguage } from '../shared/i18n.ts';
import { ask } from '../ui/worker-client.ts';
import { Popup, readCache } from './Popup.tsx';

// Ask the worker first (waking it takes longest), then read the cached view before the first
// render: a warm popup paints its content in one go, with no skeleton in between.
const firstAnswer = ask({ type: 'getRoot', inbox: true });
// Handled by the Popup; this keeps a failure that comes before it mounts from being reported as unhandled.
firstAnswer.catch(() => undefined);
const cached = await readCache();
applyDocumentLanguage();
const root = document.getElementById('app');
if (root) render(<Popup cached={cached} firstAnswer={firstAnswer} />, root);
