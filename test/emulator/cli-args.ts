/** The emulator's command line (cli.ts): its flags, read into start-up options without starting anything. */
import { parseArgs } from 'node:util';
import type { EmulatorOptions } from './config.ts';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEFAULT_LETTERS, DEFAULT_PORT, MAX_LETTERS } from './config.ts';

/** What --help prints, and a bad flag after its message. */
export const USAGE = `Usage: npm run emulator -- [options]

Local emulator of the Digipost private-user API (OAuth + hypermedia root).

  --port <n>                 port on 127.0.0.1 (default ${DEFAULT_PORT}; 0 picks a free one)
  --client-id <id>           demo client id (default ${DEFAULT_CLIENT_ID})
  --client-secret <secret>   demo client secret (default ${DEFAULT_CLIENT_SECRET})
  --letters <n>              letters in the inbox, 0-${MAX_LETTERS} (default ${DEFAULT_LETTERS})
  --token-lifetime <s>       access token lifetime in seconds (default 900)
  --no-rotate                refresh responses carry no new refresh token
  --latency <ms>             delay added to every response (default 0)
  --id-token-exp <mode>      lifetime (default: exp = seconds of lifetime, as the real service) or absolute
  --require-pkce             every sign-in must use PKCE (S256); by default only a challenge that was sent is checked
  --shared-mailbox           a second mailbox, shared with the demo user (off: the root lists her own only)
  --notice                   the root carries a notice until it is dismissed
  --data-type-letters        one letter of each kind of structured data (a parcel, a receipt, a payslip…)
  --quiet                    no request log on stdout
  --help                     this text`;

/** A flag the emulator does not take, or a value it cannot use: the command line exits with status 2. */
export class BadFlag extends Error {}

function fail(message: string): never {
  throw new BadFlag(message);
}

function integer(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[0-9]+$/.test(value) || Number(value) < min || Number(value) > max)
    fail(`--${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  return Number(value);
}

/** The options a command line asks for, or 'help'; throws BadFlag for a flag or value it cannot use. */
export function parseCommandLine(argv: string[]): EmulatorOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        'client-id': { type: 'string' },
        'client-secret': { type: 'string' },
        letters: { type: 'string' },
        'token-lifetime': { type: 'string' },
        'no-rotate': { type: 'boolean' },
        latency: { type: 'string' },
        'id-token-exp': { type: 'string' },
        'require-pkce': { type: 'boolean' },
        'shared-mailbox': { type: 'boolean' },
        notice: { type: 'boolean' },
        'data-type-letters': { type: 'boolean' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help === true) return 'help';
  const options: EmulatorOptions = {};
  const port = integer('port', values.port, 0, 65535);
  if (port !== undefined) options.port = port;
  const letters = integer('letters', values.letters, 0, MAX_LETTERS);
  if (letters !== undefined) options.letters = letters;
  const lifetime = integer('token-lifetime', values['token-lifetime'], 1, 31_536_000);
  if (lifetime !== undefined) options.accessTokenLifetime = lifetime;
  const latency = integer('latency', values.latency, 0, 60_000);
  if (latency !== undefined) options.latencyMs = latency;
  if (values['client-id'] !== undefined) {
    if (values['client-id'] === '' || values['client-id'].includes(':')) fail('--client-id must be non-empty and without ":"');
    options.clientId = values['client-id'];
  }
  if (values['client-secret'] !== undefined) {
    if (values['client-secret'] === '') fail('--client-secret must be non-empty');
    options.clientSecret = values['client-secret'];
  }
  if (values['no-rotate'] === true) options.rotateRefreshTokens = false;
  const exp = values['id-token-exp'];
  if (exp !== undefined) {
    if (exp !== 'lifetime' && exp !== 'absolute') fail(`--id-token-exp must be lifetime or absolute, got "${exp}"`);
    options.idTokenExp = exp;
  }
  if (values['require-pkce'] === true) options.requirePkce = true;
  if (values['shared-mailbox'] === true) options.sharedMailbox = true;
  if (values.notice === true) options.notice = true;
  if (values['data-type-letters'] === true) options.dataTypeLetters = true;
  if (values.quiet === true) options.quiet = true;
  return options;
}
