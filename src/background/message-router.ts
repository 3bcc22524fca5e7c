import browser from 'webextension-polyfill';
import type { Answer } from '../protocol/messages.ts';
import { dispatch } from '../protocol/dispatch.ts';
import { handlers } from './handlers.ts';

export function route(message: unknown, sender: browser.Runtime.MessageSender): Promise<Answer<unknown>> {
  return dispatch(message, sender, { handlers, ownId: browser.runtime.id, pagesOrigin: browser.runtime.getURL('') });
}
