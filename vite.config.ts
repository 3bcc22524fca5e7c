/// <reference types="vitest/config" />
import { crx, type ManifestV3Export } from '@crxjs/vite-plugin';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import baseManifest from './manifest.json' with { type: 'json' };
import { buildDefaultsFromEnv, hostPermissionFor } from './src/config/build-defaults.ts';

// Build-time defaults let a distributor (or `npm start`) ship a dist/ that is already configured
// for one service; the production build asks only for the real service's origin.
const defaults = buildDefaultsFromEnv(process.env);

const manifest = {
  ...baseManifest,
  host_permissions: [hostPermissionFor(defaults.baseUrl)],
} as ManifestV3Export;

/** The grey toolbar icons (signed out) are set by the worker at run time, so the manifest cannot name them. */
function greyIcons(): Plugin {
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

export default defineConfig({
  publicDir: 'src/public',
  define: {
    __BUILD_DEFAULTS__: JSON.stringify(defaults),
  },
  oxc: {
    jsx: { runtime: 'automatic', importSource: 'preact' },
  },
  plugins: [crx({ manifest }), greyIcons()],
  build: {
    outDir: process.env.DIGIPOST_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    target: 'chrome120',
    rolldownOptions: {
      input: { viewer: 'src/viewer/viewer.html' },
    },
  },
  test: {
    include: ['test/unit/**/*.test.ts', 'test/emulator/**/*.test.ts'],
    environment: 'node',
  },
});
