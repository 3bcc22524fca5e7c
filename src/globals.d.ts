import type { BuildDefaults } from './config/build-defaults.ts';

declare global {
  /** Replaced at build time by vite.config.ts from the DIGIPOST_* environment variables. */
  const __BUILD_DEFAULTS__: BuildDefaults;
}
