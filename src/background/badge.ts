import browser from 'webextension-polyfill';

const COLOUR_ICONS = { 16: '/icons/icon-16.png', 32: '/icons/icon-32.png' };
const GREY_ICONS = { 16: '/icons/icon-grey-16.png', 32: '/icons/icon-grey-32.png' };

function badgeText(unread: number | undefined): string {
  if (unread === undefined || unread <= 0) return '';
  return unread > 999 ? '999+' : String(unread);
}

/** Signed in: the colour icon with the unread count. */
export async function showUnread(unread: number | undefined): Promise<void> {
  await Promise.all([
    browser.action.setIcon({ path: COLOUR_ICONS }),
    browser.action.setBadgeBackgroundColor({ color: '#b0141c' }),
    browser.action.setBadgeText({ text: badgeText(unread) }),
  ]);
}

/** Signed out or access ended: no count, and a grey icon so the toolbar says so at a glance. */
export async function showSignedOut(): Promise<void> {
  await Promise.all([browser.action.setIcon({ path: GREY_ICONS }), browser.action.setBadgeText({ text: '' })]);
}
