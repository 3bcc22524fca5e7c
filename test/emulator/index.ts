/** Starts the local emulator of the Digipost private-user API on 127.0.0.1. */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { EmulatorAdmin } from './admin-client.ts';
import { createApp } from './app.ts';
import type { EmulatorOptions } from './config.ts';
import { ADMIN_PREFIX, settingsFrom } from './config.ts';
import { Emulator } from './state.ts';

export type { EmulatorOptions } from './config.ts';
export { EmulatorAdmin } from './admin-client.ts';

export interface RunningEmulator {
  url: string;
  clientId: string;
  clientSecret: string;
  user: { fullName: string; digipostaddress: string };
  admin: EmulatorAdmin;
  /** The time the service dates its letters by (its `calendar` option; the machine's time by default). */
  now: () => number;
  stop(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const settings = settingsFrom(options);
  const em = new Emulator(settings);
  const app = createApp(em);
  const server = createAdaptorServer({ fetch: app.fetch, hostname: '127.0.0.1' }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A client that goes away mid-request must not bring the process down.
  server.on('clientError', (_error, socket) => socket.destroy());
  // Each admin call has a connection of its own, closed with its answer. The tests' process pools
  // keep-alive connections by address, and the next emulator listens on this one's port: a pooled
  // connection to this emulator, stopped a moment ago, was seen taken for the next one's first call
  // when nothing came between the two (no browser start), which then failed ("other side closed").
  server.on('request', (request, response) => {
    if (request.url?.startsWith(ADMIN_PREFIX)) response.shouldKeepAlive = false;
  });
  em.port = (server.address() as AddressInfo).port;
  em.baseUrl = `http://127.0.0.1:${em.port}`;
  let stopped: Promise<void> | undefined;
  return {
    url: em.baseUrl,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    user: { fullName: em.world.user.fullName, digipostaddress: em.world.user.digipostaddress },
    admin: new EmulatorAdmin(em.baseUrl),
    now: settings.calendar,
    stop: () => {
      stopped ??= new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      });
      return stopped;
    },
  };
}
