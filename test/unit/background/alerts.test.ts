import { beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogueMessage } from '../../support/catalogue-i18n.ts';
import type { ExtensionConfig } from '../../../src/config/config.ts';
import { alertSettingsItem } from '../../../src/storage/alert-items.ts';
import { MemoryArea } from '../auth/fakes.ts';

/*
 * Pausing alerts (issue #48 point 3): how long each choice lasts, the line the popup and the
 * settings show meanwhile, the toolbar button's menu, and the alarm that ends a pause on time.
 */

vi.stubGlobal('chrome', {
  i18n: { getMessage: (key: string, subs?: string | string[]) => catalogueMessage('en', key, subs), getUILanguage: () => 'en' },
});

// Imported after the stub: i18n reaches the extension API when its module loads.
const { createAlerts, pauseEnd, RESUME_ALARM } = await import('../../../src/background/alerts.ts');
const { pausedLine } = await import('../../../src/model/alert-pause.ts');

const local = (hour: number, minute = 0, day = 1) => new Date(2026, 11, day, hour, minute).getTime();

describe('how long a pause lasts', () => {
  it('an hour; until 07:00 tomorrow, or this morning when it is still night; or until resumed', () => {
    expect(pauseEnd('hour', local(14, 20))).toBe(local(15, 20));
    expect(pauseEnd('morning', local(22, 30))).toBe(local(7, 0, 2));
    expect(pauseEnd('morning', local(9, 0))).toBe(local(7, 0, 2));
    expect(pauseEnd('morning', local(2, 0))).toBe(local(7, 0, 1));
    expect(pauseEnd('resumed', local(9, 0))).toBeNull();
  });

  it('is said until when: the time alone the same day, with the weekday another day, and nothing once it is over', () => {
    const none = { kindsOff: [], mailboxesOff: [] };
    expect(pausedLine({ ...none, pausedUntil: local(15, 20) }, local(14, 20))).toBe('Alerts paused until 3:20 PM');
    expect(pausedLine({ ...none, pausedUntil: local(7, 0, 2) }, local(22, 30))).toBe('Alerts paused until Wednesday 7:00 AM');
    expect(pausedLine({ ...none, pausedUntil: null }, local(9))).toBe('Alerts paused until you resume them');
    expect(pausedLine({ ...none, pausedUntil: local(9) }, local(9))).toBeUndefined();
    expect(pausedLine(none, local(9))).toBeUndefined();
  });
});

describe('the toolbar button’s menu and the settings', () => {
  let storage: { local: MemoryArea };
  let alarms: { name: string; when?: number }[];
  let cleared: string[];
  let changed: number;
  let notify: boolean;
  let now: number;
  const alerts = () =>
    createAlerts({
      storage,
      now: () => now,
      alarms: {
        create: (name: string, info: { when?: number }) => Promise.resolve(void alarms.push({ name, ...info })),
        clear: (name: string) => Promise.resolve(Boolean(cleared.push(name))),
      } as never,
      currentConfig: () => Promise.resolve({ notify } as ExtensionConfig),
      changed: () => {
        changed += 1;
        return Promise.resolve();
      },
    });

  beforeEach(() => {
    storage = { local: new MemoryArea() };
    alarms = [];
    cleared = [];
    changed = 0;
    notify = true;
    now = local(14, 20);
  });

  it('offers Pause alerts with its three lengths while alerts are on, nothing while they are off', async () => {
    const items = await alerts().menuItems();
    expect(items.map((item) => [item.id, item.title, item.parentId ?? '', item.contexts])).toEqual([
      ['alerts-pause', 'Pause alerts', '', ['action']],
      ['alerts-pause-hour', 'For an hour', 'alerts-pause', ['action']],
      ['alerts-pause-morning', 'Until tomorrow morning', 'alerts-pause', ['action']],
      ['alerts-pause-resumed', 'Until I resume them', 'alerts-pause', ['action']],
    ]);
    notify = false;
    expect(await alerts().menuItems()).toEqual([]);
  });

  it('a pause from the menu is kept, ends on time by an alarm, and offers Resume meanwhile', async () => {
    const shaped = alerts();
    expect(await shaped.menuClicked('alerts-pause-hour')).toBe(true);
    expect((await storage.local.get([alertSettingsItem.key]))[alertSettingsItem.key]).toMatchObject({ pausedUntil: local(15, 20) });
    expect(alarms).toEqual([{ name: RESUME_ALARM, when: local(15, 20) }]);
    expect(changed).toBe(1);
    expect((await shaped.menuItems()).map((item) => item.title)).toEqual(['Resume alerts']);
    expect(await shaped.note()).toBe('Alerts paused until 3:20 PM');
    now = local(15, 21);
    await shaped.endPauseIfOver();
    expect(await shaped.note()).toBeUndefined();
    expect((await shaped.menuItems())[0]?.title).toBe('Pause alerts');
    expect(await shaped.menuClicked('save-link')).toBe(false);
  });

  it('at the worker’s start, a pause still running gets its alarm again (Firefox keeps none across a restart), one that is over ends', async () => {
    const shaped = alerts();
    await shaped.change({ pause: 'hour' });
    alarms = [];
    await shaped.keepPauseOnTime();
    expect(alarms).toEqual([{ name: RESUME_ALARM, when: local(15, 20) }]);
    expect(await shaped.note()).toBe('Alerts paused until 3:20 PM');
    alarms = [];
    now = local(16);
    await shaped.keepPauseOnTime();
    expect(alarms).toEqual([]);
    expect(await shaped.note()).toBeUndefined();
    expect((await shaped.menuItems())[0]?.title).toBe('Pause alerts');
  });

  it('until resumed: no alarm, and Resume ends it', async () => {
    const shaped = alerts();
    await shaped.change({ pause: 'resumed' });
    expect(alarms).toEqual([]);
    now += 30 * 86_400_000;
    expect(await shaped.note()).toBe('Alerts paused until you resume them');
    await shaped.menuClicked('alerts-resume');
    expect(await shaped.note()).toBeUndefined();
    expect(cleared).toEqual([RESUME_ALARM, RESUME_ALARM]);
  });

  it('says nothing of a pause while alerts are off: there is nothing to pause, and the menu offers nothing', async () => {
    const shaped = alerts();
    await shaped.change({ pause: 'resumed' });
    expect(await shaped.note()).toBe('Alerts paused until you resume them');
    notify = false;
    expect(await shaped.note()).toBeUndefined();
    expect(await shaped.menuItems()).toEqual([]);
    notify = true;
    expect(await shaped.note()).toBe('Alerts paused until you resume them');
  });

  it('kinds and mailboxes switched off are kept beside a pause, each change leaving the rest as it was', async () => {
    const shaped = alerts();
    await shaped.change({ pause: 'morning' });
    const after = await shaped.change({ kindsOff: ['parcels', 'letters'], mailboxesOff: ['https://x/inbox'] });
    expect(after).toEqual({ kindsOff: ['letters', 'parcels'], mailboxesOff: ['https://x/inbox'], pausedUntil: local(7, 0, 2) });
    expect(await shaped.read()).toEqual(after);
  });

  it('a profile from before these settings reads every kind and mailbox on, not paused', async () => {
    await storage.local.set({ config: { notify: true } });
    expect(await alerts().read()).toEqual({ kindsOff: [], mailboxesOff: [] });
  });
});
