import type { Permission } from '../../src/shared/permissions.ts';
import type { startEmulator } from '../emulator/index.ts';
import { E2E_CLIENT_ID, E2E_CLIENT_SECRET } from './build-extension.ts';
import { startHarness, type Harness } from './harness.ts';
import { storeItems } from './helpers.ts';
import { PICTURE_TIME_ZONE } from './picture-time-zone.ts';

/**
 * A browser for the gallery's pictures, signed in with `scopes` through the emulator's consent
 * window as a person would (the popup's Connect, then Approve), in the pictures' one time zone.
 */
export async function signedInForPictures(
  emulator: Awaited<ReturnType<typeof startEmulator>>,
  options: { lang: string; colorScheme: 'light' | 'dark'; connect: string; scopes: Permission[] },
): Promise<Harness> {
  const h = await startHarness({ reuseEmulator: emulator, lang: options.lang, colorScheme: options.colorScheme, timezoneId: PICTURE_TIME_ZONE });
  try {
    await storeItems(await h.worker(), 'local', {
      config: { baseUrl: emulator.url, clientId: E2E_CLIENT_ID, clientSecret: E2E_CLIENT_SECRET, scopes: options.scopes, pollMinutes: 5 },
    });
    const popup = await h.openPopup();
    const consentOpened = h.context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize') });
    await popup.getByRole('button', { name: options.connect }).click();
    await (await consentOpened).getByRole('button', { name: 'Approve' }).click();
    await popup.getByRole('heading', { level: 1, name: emulator.user.fullName }).waitFor();
    await popup.close();
    return h;
  } catch (error) {
    await h.close();
    throw error;
  }
}
