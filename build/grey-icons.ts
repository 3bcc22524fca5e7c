// Why this step exists: the worker sets the grey toolbar icons (signed out) at run time, so the
// manifest cannot name them and the manifest's plugin does not copy them; this step does.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

export function greyIcons(): Plugin {
  return {
    name: 'grey-toolbar-icons',
    generateBundle() {
      for (const size of [16, 32]) {
        const fileName = `icons/icon-grey-${size}.png`;
        this.emitFile({ type: 'asset', fileName, source: readFileSync(fileName) });
      }
    },
  };
}
