/** `npm run emulator -- [flags]`: runs the emulator until SIGINT or SIGTERM. */
import { BadFlag, parseCommandLine, USAGE } from './cli-args.ts';
import { DEMO_REDIRECT_PATTERNS, OTHER_CLIENT } from './clients.ts';
import type { EmulatorOptions } from './config.ts';
import { DEFAULT_PORT } from './config.ts';

function readCommandLine(): EmulatorOptions {
  try {
    const line = parseCommandLine(process.argv.slice(2));
    if (line !== 'help') return line;
    console.log(USAGE);
    process.exit(0);
  } catch (error) {
    if (!(error instanceof BadFlag)) throw error;
    console.error(`emulator: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
}

const options = readCommandLine();
// Loaded only once the flags are good: --help and a bad flag answer without loading the emulator.
const { startEmulator } = await import('./index.ts');
try {
  const emulator = await startEmulator(options);
  console.log(`Digipost emulator listening on ${emulator.url}
  root resource:  ${emulator.url}/post/api
  demo client:    id ${emulator.clientId}, secret ${emulator.clientSecret}
  redirect URIs:  ${DEMO_REDIRECT_PATTERNS.join('\n                  ')}
  other client:   id ${OTHER_CLIENT.id}, secret ${OTHER_CLIENT.secret}, redirect ${OTHER_CLIENT.redirectUri}
  demo user:      ${emulator.user.fullName} (${emulator.user.digipostaddress})
  admin API:      ${emulator.url}/__emulator/`);
  const stop = (signal: string) => {
    console.log(`\n${signal}: stopping`);
    void emulator.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  const code = (error as { code?: unknown }).code;
  console.error(`emulator: could not start: ${code === 'EADDRINUSE' ? `port ${options.port ?? DEFAULT_PORT} is in use` : String(error)}`);
  process.exit(1);
}
