const COLOUR_ICONS = { 16: '/icons/icon-16.png', 32: '/icons/icon-32.png' };
const GREY_ICONS = { 16: '/icons/icon-grey-16.png', 32: '/icons/icon-grey-32.png' };

/** The parts of the toolbar button (browser.action) the badge uses. */
export interface ActionApi {
  setIcon: (details: { path: Record<number, string> }) => Promise<void>;
  setBadgeText: (details: { text: string }) => Promise<void>;
  setBadgeBackgroundColor: (details: { color: string }) => Promise<void>;
}

export interface Badge {
  /** Signed in: the colour icon with the unread count. */
  showUnread: (unread: number | undefined) => Promise<void>;
  /** Signed out or access ended: no count, and a grey icon so the toolbar says so at a glance. */
  showSignedOut: () => Promise<void>;
}

function badgeText(unread: number | undefined): string {
  if (unread === undefined || unread <= 0) return '';
  return unread > 999 ? '999+' : String(unread);
}

export function createBadge(action: ActionApi): Badge {
  return {
    async showUnread(unread) {
      await Promise.all([
        action.setIcon({ path: COLOUR_ICONS }),
        action.setBadgeBackgroundColor({ color: '#b0141c' }),
        action.setBadgeText({ text: badgeText(unread) }),
      ]);
    },
    async showSignedOut() {
      await Promise.all([action.setIcon({ path: GREY_ICONS }), action.setBadgeText({ text: '' })]);
    },
  };
}
