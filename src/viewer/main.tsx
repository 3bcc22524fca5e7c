import { render } from 'preact';
import { applyDocumentLanguage } from '../shared/i18n.ts';
import { OneMessage } from '../ui/one-message.tsx';
import { Viewer } from './Viewer.tsx';

applyDocumentLanguage();
const root = document.getElementById('app');
if (root) {
  render(
    <OneMessage>
      <Viewer />
    </OneMessage>,
    root,
  );
}
