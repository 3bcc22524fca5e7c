import type { Permissions } from 'webextension-polyfill';

/** The optional permission that desktop notifications need: asked for by the options page, checked by the worker. */
export const NOTIFICATIONS_PERMISSION: Permissions.Permissions = { permissions: ['notifications'] };
