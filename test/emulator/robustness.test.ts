import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from './index.ts';
import { startEmulator } from './index.ts';
import { api, basic, signIn } from './flow.ts';
import { BadFlag, parseCommandLine, USAGE } from './cli-args.ts';

let em: RunningEmulator;
let token: string;

beforeAll(async () => {
  em = await startEmulator({ port: 0, quiet: true, letters: 5 });
  token = (await signIn(em)).access_token;
});
afterAll(async () => {
  await em.stop();
});

describe('bad input to the emulator', () => {
  it('garbage forms get draft-31 errors or an error page, never a crash', async () => {
    const bodies = ['%%%&&&===', '\u0000\u0001binary', 'grant_type=%ZZ', '='.repeat(5000), 'a=1&a=2&a=3'];
    for (const body of bodies) {
      const token = await fetch(`${em.url}/post/api/oauth/accesstoken`, {
        method: 'POST',
        headers: { Authorization: basic(em.clientId, em.clientSecret), 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      });
      expect(token.status).toBe(400);
      expect(((await token.json()) as { error: string }).error).toMatch(/invalid_request|unsupported_grant_type/);
      const consent = await fetch(`${em.url}/post/api/oauth/authorize/consent`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      });
      expect(consent.status).toBe(400);
    }
    const noType = await fetch(`${em.url}/post/api/oauth/authorize/consent`, { method: 'POST', body: 'x' });
    expect(noType.status).toBe(400);
  });

  it('wrong methods get 405 with Allow; OPTIONS lists them', async () => {
    const cases: [string, string, RegExp][] = [
      ['/post/api/oauth/accesstoken', 'GET', /POST/],
      ['/post/api/oauth/authorize/new', 'POST', /GET/],
      ['/post/api', 'DELETE', /GET/],
      ['/__emulator/reset', 'GET', /POST/],
      ['/__emulator/requests', 'PUT', /GET, DELETE/],
    ];
    for (const [path, method, allow] of cases) {
      const response = await fetch(`${em.url}${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('allow')).toMatch(allow);
    }
    const options = await fetch(`${em.url}/post/api`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('unknown paths get a JSON 404', async () => {
    for (const path of [
      '/nope',
      '/post/api/private/accounts/1/documents/inbox',
      '/post/api/private/accounts/1059282/documents/999',
      '/__emulator/nothing',
    ]) {
      const response = await api(`${em.url}${path}`, token);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toContain('json');
    }
  });

  it('bodies over 64 KiB get 413', async () => {
    const big = 'a='.padEnd(70 * 1024, 'x');
    const response = await fetch(`${em.url}/post/api/oauth/accesstoken`, {
      method: 'POST',
      headers: { Authorization: basic(em.clientId, em.clientSecret), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: big,
    });
    expect(response.status).toBe(413);
    const admin = await fetch(`${em.url}/__emulator/knobs`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(70 * 1024) }),
    });
    expect(admin.status).toBe(413);
    // A streamed body without Content-Length is cut off too.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 80; i++) controller.enqueue(new Uint8Array(1024).fill(97));
        controller.close();
      },
    });
    const chunked = await fetch(`${em.url}/post/api/oauth/accesstoken`, {
      method: 'POST',
      headers: { Authorization: basic(em.clientId, em.clientSecret), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await api(`${em.url}/post/api`, token)).status).toBe(200);
  });

  it('bad JSON to the admin API gets 400', async () => {
    const cases: [string, string][] = [
      ['{not json', 'application/json'],
      ['[]', 'application/json'],
      ['{"latencyMs": 1}', 'text/plain'],
    ];
    for (const [body, type] of cases) {
      const response = await fetch(`${em.url}/__emulator/knobs`, { method: 'POST', headers: { 'Content-Type': type }, body });
      expect(response.status, body).toBe(400);
    }
    const letter = await fetch(`${em.url}/__emulator/letters`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"subject": ["x"]}',
    });
    expect(letter.status).toBe(400);
  });

  it('malformed Authorization headers are not logged in or invalid, never a crash', async () => {
    for (const header of ['Bearer', 'Bearer ', 'Bearer a b', 'Basic abc', 'bearer ' + 'x'.repeat(10_000)]) {
      const response = await fetch(`${em.url}/post/api`, {
        headers: { Accept: 'application/vnd.digipost-v2+json', Authorization: header },
      });
      expect([401, 403], header.slice(0, 20)).toContain(response.status);
    }
  });
});

describe('command line', () => {
  it('reads every flag into its option', () => {
    const line = [
      '--port',
      '0',
      '--client-id',
      'c',
      '--client-secret',
      's',
      '--letters',
      '10000',
      '--token-lifetime',
      '30',
      '--no-rotate',
      '--latency',
      '5',
      '--id-token-exp',
      'absolute',
      '--require-pkce',
      '--shared-mailbox',
      '--notice',
      '--quiet',
    ];
    expect(parseCommandLine(line)).toEqual({
      port: 0,
      clientId: 'c',
      clientSecret: 's',
      letters: 10_000,
      accessTokenLifetime: 30,
      rotateRefreshTokens: false,
      latencyMs: 5,
      idTokenExp: 'absolute',
      requirePkce: true,
      sharedMailbox: true,
      notice: true,
      quiet: true,
    });
    expect(parseCommandLine([])).toEqual({});
    expect(parseCommandLine(['--help'])).toBe('help');
    for (const flag of [
      '--port',
      '--client-id',
      '--client-secret',
      '--letters',
      '--token-lifetime',
      '--no-rotate',
      '--latency',
      '--id-token-exp',
      '--require-pkce',
      '--quiet',
    ])
      expect(USAGE).toContain(flag);
  });

  it('refuses an unknown flag, a value out of range or of the wrong kind, and a missing value, saying which', () => {
    const bad: [string[], RegExp][] = [
      [['--bogus'], /bogus/],
      [['--letters', '10001'], /--letters must be a whole number from 0 to 10000, got "10001"/],
      [['--port', 'abc'], /--port must be a whole number/],
      [['--id-token-exp', 'never'], /--id-token-exp must be lifetime or absolute, got "never"/],
      [['--latency'], /--latency/],
      [['--client-id', 'a:b'], /--client-id must be non-empty and without ":"/],
      [['--client-secret', ''], /--client-secret must be non-empty/],
    ];
    for (const [args, message] of bad) expect(() => parseCommandLine(args), args.join(' ')).toThrow(message);
    for (const [args] of bad) expect(() => parseCommandLine(args)).toThrow(BadFlag);
  });

  /** `npm run emulator -- …` as a person runs it: a new Node that compiles cli.ts (not the emulator, for these). */
  const run = (...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/emulator/cli.ts', ...args]);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });

  // Two Node processes, started side by side: how long they take to start is the machine's; the
  // test's time limit is only there for one that never ends.
  it('prints the usage for --help and exits 0; says what is wrong and exits 2 on a bad flag', { timeout: 60_000 }, async () => {
    const [help, bad] = await Promise.all([run('--help'), run('--letters', '10001')]);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain(USAGE);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^emulator: --letters must be a whole number from 0 to 10000, got "10001"\n\nUsage:/);
  });
});
