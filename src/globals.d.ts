import type { BuildDefaults } from './config/build-defaults.ts';
import type { RequestWaits } from './protocol/requests.ts';

declare global {
  /** Replaced at build time by vite.config.ts from the DIGIPOST_* environment variables. */
  const __BUILD_DEFAULTS__: BuildDefaults;
  /** Set by vite.config.ts from DIGIPOST_NETWORK_TIMEOUT_MS (the e2e build sets a short one); absent in Node. */
  const __NETWORK_TIMEOUT_MS__: number | null | undefined;
  /** Set by vite.config.ts from the protocol's table (requestWaits, src/protocol/requests.ts): how long a page waits for each answer. */
  const __REQUEST_WAITS__: RequestWaits;
}
