import { render } from 'preact';
import { applyDocumentLanguage } from '../shared/i18n.ts';
import { Options } from './Options.tsx';

applyDocumentLanguage();
const root = document.getElementById('app');
if (root) render(<Options />, root);
