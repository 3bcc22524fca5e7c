import { render } from 'preact';
import { applyDocumentLanguage, t } from '../shared/i18n.ts';
import { SavePage } from './SavePage.tsx';

applyDocumentLanguage();
// What kind of page this is, never which file: titles are kept in the browser's history.
document.title = t('save_title');
const root = document.getElementById('app');
if (root) render(<SavePage />, root);
