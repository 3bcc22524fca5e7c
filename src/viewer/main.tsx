import { render } from 'preact';
import { applyDocumentLanguage } from '../shared/i18n.ts';
import { Viewer } from './Viewer.tsx';

applyDocumentLanguage();
const root = document.getElementById('app');
if (root) render(<Viewer />, root);
