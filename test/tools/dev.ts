// `npm run dev`: the emulator on port 4710 and the Vite dev server with hot reload, the extension
// configured for the emulator (DIGIPOST_* variables) and written to dist-dev/. Load dist-dev/ once
// as an unpacked extension; edits to pages reload in place, edits to the worker reload the extension.
// `npm run dev -- --firefox` is for Firefox, whose extension pages may run no script from the dev
// server (its MV3 policy allows 'self' only): it rebuilds dist-dev/ on every edit instead
// (vite build --watch); load dist-dev/manifest.json once in about:debugging and press its Reload.
import type { Rolldown, ViteDevServer } from 'vite';
import type { RunningEmulator } from '../emulator/index.ts';

const PORT = Number(process.env.EMULATOR_PORT ?? 4710);
const VITE_PORT = Number(process.env.VITE_PORT ?? 5173);
const OUT_DIR = 'dist-dev';
const firefox = process.argv.includes('--firefox');

let emulator: RunningEmulator | undefined;
let server: ViteDevServer | undefined;
let watcher: Rolldown.RolldownWatcher | undefined;
let stopping = false;

async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server?.close().catch(() => undefined);
  await watcher?.close().catch(() => undefined);
  await emulator?.stop().catch(() => undefined);
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));

try {
  const { startEmulator } = await import('../emulator/index.ts');
  emulator = await startEmulator({ port: PORT });
  Object.assign(process.env, {
    DIGIPOST_BASE_URL: emulator.url,
    DIGIPOST_CLIENT_ID: emulator.clientId,
    DIGIPOST_CLIENT_SECRET: emulator.clientSecret,
    DIGIPOST_OUT_DIR: OUT_DIR,
    DIGIPOST_TARGET: firefox ? 'firefox' : 'chrome',
  });
  console.log(`Emulator: ${emulator.url}  (client ${emulator.clientId}, user ${emulator.user.fullName})`);
  if (firefox) {
    const { build } = await import('vite');
    watcher = (await build({ configFile: 'vite.config.ts', logLevel: 'warn', build: { watch: {} } })) as Rolldown.RolldownWatcher;
    watcher.on('event', (event) => {
      if (event.code === 'END')
        console.log(`${new Date().toLocaleTimeString()}  ${OUT_DIR}/ is up to date: press Reload on the add-on in about:debugging.`);
      if (event.code === 'ERROR') console.error('The build failed:', event.error.message);
    });
    console.log(`Writing the Firefox development build to ${OUT_DIR}/ on every edit.`);
    console.log(`Load it once: about:debugging → This Firefox → Load Temporary Add-on → ${OUT_DIR}/manifest.json`);
  } else {
    const { createServer } = await import('vite');
    server = await createServer({
      configFile: 'vite.config.ts',
      server: {
        port: VITE_PORT,
        strictPort: true,
        // Other builds (npm test, npm start) write beside this one; their output is not a source to reload.
        watch: { ignored: ['**/dist/**', '**/dist-*/**', '**/test-results/**', '**/screenshots/**'] },
      },
    });
    await server.listen();
    console.log(`Vite dev server: http://localhost:${VITE_PORT}/  writing the Chrome development build to ${OUT_DIR}/`);
    console.log(`Load it once: chrome://extensions → Developer mode → Load unpacked → ${OUT_DIR}/`);
  }
  console.log(`Keep this running while you edit; Ctrl-C stops ${firefox ? 'the rebuilds' : 'the dev server'} and the emulator.`);
} catch (error) {
  console.error('npm run dev failed:', error instanceof Error ? error.message : error);
  await stop(1);
}
