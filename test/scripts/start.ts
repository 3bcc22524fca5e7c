// `npm start`: builds the extension configured for the local emulator, starts the emulator, and
// opens Chromium with the extension installed. Without a display it walks the new-user journey
// headless, writes screenshots, and exits.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { startEmulator } from '../emulator/index.ts';
import { buildForEmulator } from '../e2e/build-extension.ts';
import { findChromium, QUIET_FLAGS, sandboxFlags } from '../e2e/chromium.ts';
import { runJourney } from './journey.ts';

const PORT = Number(process.env.EMULATOR_PORT ?? 4710);
const OUT_DIR = 'dist-start';
const SCREENSHOTS = resolve(process.env.SCREENSHOTS_DIR ?? 'screenshots');
const headless = process.env.HEADLESS === '1' || (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY);

const executablePath = findChromium();
const emulator = await startEmulator({ port: PORT });
console.log(`Emulator: ${emulator.url}  (client ${emulator.clientId}, user ${emulator.user.fullName})`);
await buildForEmulator(OUT_DIR, emulator.url, emulator.clientId, emulator.clientSecret);
console.log(`Extension built for it in ${OUT_DIR}/`);

const profile = mkdtempSync(join(tmpdir(), 'digipost-start-'));
const dist = resolve(OUT_DIR);
const context = await chromium.launchPersistentContext(profile, {
  executablePath,
  headless,
  viewport: null,
  args: [...QUIET_FLAGS, ...sandboxFlags(), `--disable-extensions-except=${dist}`, `--load-extension=${dist}`],
});

let stopping = false;
async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await context.close().catch(() => undefined);
    await emulator.stop();
    rmSync(profile, { recursive: true, force: true });
  }
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
const extensionId = new URL(worker.url()).host;

if (headless) {
  console.log('No display: walking the new-user journey headless.');
  try {
    const steps = await runJourney(context, extensionId, SCREENSHOTS);
    for (const step of steps) console.log(`  ${step.name}: ${step.file}`);
    console.log(`Screenshots are in ${SCREENSHOTS}`);
    await stop(0);
  } catch (error) {
    console.error('The journey failed:', error);
    await stop(1);
  }
} else {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`chrome-extension://${extensionId}/src/popup/popup.html`);
  console.log('Chromium is open with the extension. Click its toolbar icon (or use the open tab) and Connect.');
  console.log(`Demo client: ${emulator.clientId}. Press Ctrl-C to stop.`);
  context.on('close', () => void stop(0));
}
