// `npm start`: builds the extension configured for the local emulator, starts the emulator, and
// opens Chromium with the extension installed. Without a display it walks the new-user journey
// headless, writes screenshots, and exits. Ctrl-C (or closing Chromium) stops everything.
//
// `npm run screenshots` (`--screenshots`): the same journey, always headless, writing the README's
// pictures to test/screenshots/.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import type { RunningEmulator } from '../emulator/index.ts';

const forReadme = process.argv.includes('--screenshots');
const PORT = Number(process.env.EMULATOR_PORT ?? 4710);
const OUT_DIR = 'dist-start';
const DEMO_SCOPE = 'READ_ACCOUNT_INFO READ_DOCUMENT_META_INFO READ_DOCUMENT_CONTENT READ_RECEIPTS READ_SETTINGS';
const SCREENSHOTS = resolve(process.env.SCREENSHOTS_DIR ?? (forReadme ? 'test/screenshots' : 'screenshots'));
const headless = forReadme || process.env.HEADLESS === '1' || (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY);

let emulator: RunningEmulator | undefined;
let context: BrowserContext | undefined;
let profile: string | undefined;
let stopping: Promise<never> | undefined;

/** Closes Chromium, stops the emulator, removes the temporary profile, then exits; safe to call more than once. */
function stop(code: number): Promise<never> {
  stopping ??= (async () => {
    await context?.close().catch(() => undefined);
    await emulator?.stop().catch(() => undefined);
    if (profile) rmSync(profile, { recursive: true, force: true });
    process.exit(code);
  })();
  return stopping;
}

// Registered before anything starts, so Ctrl-C during the build or the launch also cleans up.
// Ctrl-C is how the user ends `npm start`, so it is a normal exit (0).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (!stopping) console.log(`\n${signal === 'SIGINT' ? 'Ctrl-C' : signal}: stopping Chromium and the emulator.`);
    void stop(0);
  });
}

try {
  // Loaded after the signal handlers are in place: loading them takes a moment, and Ctrl-C then must still exit cleanly.
  const { chromium } = await import('playwright-core');
  const { startEmulator } = await import('../emulator/index.ts');
  const { buildForEmulator } = await import('../e2e/build-extension.ts');
  const { findChromium } = await import('../e2e/chromium.ts');
  const { extensionArgs } = await import('../e2e/extension-browser.ts');
  const { runJourney } = await import('./journey.ts');
  const executablePath = findChromium();
  emulator = await startEmulator({ port: PORT }).catch((error: unknown) => {
    if ((error as { code?: string }).code === 'EADDRINUSE') {
      throw new Error(`Port ${PORT} is in use (another npm start?). Stop it, or run with EMULATOR_PORT=<another port>.`);
    }
    throw error;
  });
  console.log(`Emulator: ${emulator.url}  (client ${emulator.clientId}, user ${emulator.user.fullName})`);
  // The demo asks for the read permissions, so a newcomer can open letters and receipts too.
  await buildForEmulator(OUT_DIR, emulator.url, emulator.clientId, emulator.clientSecret, DEMO_SCOPE);
  console.log(`Extension built for it in ${OUT_DIR}/`);

  profile = mkdtempSync(join(tmpdir(), 'digipost-start-'));
  const dist = resolve(OUT_DIR);
  context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless,
    viewport: null,
    locale: 'en-US',
    timezoneId: 'Europe/Oslo',
    colorScheme: 'light',
    // This script owns the signals: it stops the emulator too, and exits 0 on Ctrl-C.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: extensionArgs(dist),
  });
  if (stopping) {
    await context.close(); // Ctrl-C came during the launch
    await stopping;
  }
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;

  if (headless) {
    console.log(forReadme ? 'Walking the new-user journey for the README.' : 'No display: walking the new-user journey headless.');
    const steps = await runJourney(context, extensionId, SCREENSHOTS);
    for (const step of steps) console.log(`  ${step.name}: ${relative(process.cwd(), step.file)}`);
    if (forReadme) {
      const { writeGallery } = await import('./gallery.ts');
      const gallery = await writeGallery({ emulator, dist, outDir: join(SCREENSHOTS, 'gallery') });
      console.log(`  gallery: ${gallery.length} pictures in ${relative(process.cwd(), join(SCREENSHOTS, 'gallery'))}/`);
    }
    console.log(`Screenshots are in ${SCREENSHOTS}`);
    await stop(0);
  } else {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`chrome-extension://${extensionId}/src/popup/popup.html`);
    console.log('Chromium is open with the extension. Click its toolbar icon (the puzzle piece, then Digipost Mailbox),');
    console.log('or use the open tab, and press Connect, then Approve on the consent page.');
    console.log(`Demo client: ${emulator.clientId}. Press Ctrl-C here, or close Chromium, to stop.`);
    context.on('close', () => void stop(0));
  }
} catch (error) {
  if (!stopping) {
    console.error(headless ? 'The journey failed:' : 'npm start failed:', error instanceof Error ? error.message : error);
    const last = context?.pages().at(-1);
    if (headless && last) {
      const file = join(SCREENSHOTS, 'failure.png');
      await last.screenshot({ path: file }).then(
        () => console.error(`What the browser showed then: ${relative(process.cwd(), file)}`),
        () => undefined,
      );
    }
    await stop(1);
  }
}
