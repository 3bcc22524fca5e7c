// `npm start`: builds the extension configured for the local emulator, starts the emulator, and
// opens Chromium with the extension installed. Without a display it walks the new-user journey
// headless, writes screenshots, and exits. Ctrl-C (or closing Chromium) stops everything.
//
// `npm run screenshots` (`--screenshots`): the same journey, always headless, writing the README's
// pictures to test/screenshots/.
//
// `npm start -- --firefox`: the same in Firefox (Debian's firefox-esr), the Firefox build installed
// as a temporary add-on; without a display its journey's screenshots go to screenshots/firefox/.
import { join, relative, resolve } from 'node:path';
import type { RunningEmulator } from '../emulator/index.ts';
import type { ExtensionBrowser } from '../support/extension-browser.ts';

const forReadme = process.argv.includes('--screenshots');
const inFirefox = process.argv.includes('--firefox');
const PORT = Number(process.env.EMULATOR_PORT ?? 4710);
const OUT_DIR = inFirefox ? 'dist-start-firefox' : 'dist-start';
const BROWSER_NAME = inFirefox ? 'Firefox' : 'Chromium';
const DEMO_SCOPE = 'READ_ACCOUNT_INFO READ_DOCUMENT_META_INFO READ_DOCUMENT_CONTENT READ_RECEIPTS READ_SETTINGS';
const SCREENSHOTS = resolve(
  process.env.SCREENSHOTS_DIR ?? (inFirefox ? 'screenshots/firefox' : forReadme ? 'test/screenshots' : 'screenshots'),
);
const headless = forReadme || process.env.HEADLESS === '1' || (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY);

let emulator: RunningEmulator | undefined;
let extension: ExtensionBrowser | undefined;
let stopping: Promise<never> | undefined;

/** Closes the browser (its temporary profile goes with it), stops the emulator, then exits; safe to call more than once. */
function stop(code: number): Promise<never> {
  stopping ??= (async () => {
    await extension?.close().catch(() => undefined);
    await emulator?.stop().catch(() => undefined);
    process.exit(code);
  })();
  return stopping;
}

// Registered before anything starts, so Ctrl-C during the build or the launch also cleans up.
// Ctrl-C is how the user ends `npm start`, so it is a normal exit (0).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (!stopping) console.log(`\n${signal === 'SIGINT' ? 'Ctrl-C' : signal}: stopping ${BROWSER_NAME} and the emulator.`);
    void stop(0);
  });
}

try {
  // Loaded after the signal handlers are in place: loading them takes a moment, and Ctrl-C then must still exit cleanly.
  const { startEmulator } = await import('../emulator/index.ts');
  const { buildForEmulator } = await import('../support/build-extension.ts');
  const { launchExtensionBrowser } = await import('../support/harness.ts');
  const { runJourney } = await import('./journey.ts');
  const { PICTURE_TIME_ZONE } = await import('../support/picture-time-zone.ts');
  const { installPictureClock, pictureClock } = await import('../support/picture-clock.ts');
  // The pictures show one day and one minute whenever they are made (picture-clock.ts); npm start shows today.
  const clock = forReadme ? pictureClock() : undefined;
  // The demo user may read her father's mailbox too: the popup, the badge and the viewer show both;
  // and her inbox holds a letter of each kind of structured data (a parcel, a receipt, a payslip…).
  emulator = await startEmulator({ port: PORT, sharedMailbox: true, dataTypeLetters: true, calendar: clock?.now }).catch(
    (error: unknown) => {
      if ((error as { code?: string }).code === 'EADDRINUSE') {
        throw new Error(`Port ${PORT} is in use (another npm start?). Stop it, or run with EMULATOR_PORT=<another port>.`);
      }
      throw error;
    },
  );
  console.log(`Emulator: ${emulator.url}  (client ${emulator.clientId}, user ${emulator.user.fullName})`);
  // The demo asks for the read permissions, so a newcomer can open letters and receipts too.
  await buildForEmulator(OUT_DIR, emulator.url, emulator.clientId, emulator.clientSecret, {
    scope: DEMO_SCOPE,
    target: inFirefox ? 'firefox' : 'chrome',
  });
  if (clock) installPictureClock(OUT_DIR, clock);
  console.log(`Extension built for it in ${OUT_DIR}/${clock ? ', its clock at the pictures’ time' : ''}`);
  const dist = resolve(OUT_DIR);
  extension = await launchExtensionBrowser(inFirefox ? 'firefox' : 'chromium', {
    dist,
    headless,
    lang: 'en-US',
    colorScheme: 'light',
    // Both browsers in the pictures' time zone, so both journeys show a letter at the same time of day.
    timeZone: PICTURE_TIME_ZONE,
    // This script owns the signals: it stops the emulator too, and exits 0 on Ctrl-C.
    handleSignals: false,
  });
  if (stopping) {
    await extension.close(); // Ctrl-C came during the launch
    await stopping;
  }

  if (headless) {
    console.log(
      forReadme
        ? 'Walking the new-user journey for the README.'
        : `No display: walking the new-user journey headless${inFirefox ? ' in Firefox' : ''}.`,
    );
    const steps = await runJourney(extension, SCREENSHOTS);
    for (const step of steps) console.log(`  ${step.name}: ${relative(process.cwd(), step.file)}`);
    if (forReadme && !inFirefox) {
      const { writeGallery } = await import('./gallery.ts');
      const gallery = await writeGallery({ emulator, dist, outDir: join(SCREENSHOTS, 'gallery') });
      console.log(`  gallery: ${gallery.length} pictures in ${relative(process.cwd(), join(SCREENSHOTS, 'gallery'))}/`);
    }
    console.log(`Screenshots are in ${SCREENSHOTS}`);
    await stop(0);
  } else {
    // The tab the browser opened with, or a new one.
    const [first] = await extension.browser.pages();
    if (first) await extension.goto(first, extension.url('src/popup/popup.html'));
    else await extension.open('src/popup/popup.html');
    if (inFirefox) {
      console.log('Firefox is open with the extension (a temporary add-on). Use the open tab, or its toolbar button');
      console.log('(the puzzle piece, then Digipost Mailbox), press Connect, then Approve in the window that opens.');
    } else {
      console.log('Chromium is open with the extension. Click its toolbar icon (the puzzle piece, then Digipost Mailbox),');
      console.log('or use the open tab, and press Connect, then Approve on the consent page.');
    }
    console.log(`Demo client: ${emulator.clientId}. Press Ctrl-C here, or close ${BROWSER_NAME}, to stop.`);
    extension.browser.on('disconnected', () => void stop(0));
  }
} catch (error) {
  if (!stopping) {
    console.error(headless ? 'The journey failed:' : 'npm start failed:', error instanceof Error ? error.message : error);
    const last = (await extension?.browser.pages().catch(() => []))?.at(-1);
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
