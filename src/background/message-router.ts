import browser from 'webextension-polyfill';
import { AppError, toErrorInfo } from '../errors.ts';
import type { Answer } from '../protocol/messages.ts';
import { requestSchema } from '../protocol/request-schema.ts';
import { isOwnPage } from '../protocol/sender.ts';
import { handlers } from './handlers.ts';


export async function route(message: unknown, sender: browser.Runtime.MessageSender): Promise<Answer<unknown>> {
  try {
    if (!isOwnPage(sender, browser.runtime.id, browser.runtime.getURL(''))) throw new AppError('bad_request', { detail: 'untrusted sender' });
    const parsed = requestSchema.safeParse(message);
    if (!parsed.success) throw new AppError('bad_request', { detail: parsed.error.issues[0]?.message ?? 'invalid' });
    const request = parsed.data;
    const handler = handlers[request.type] as (r: typeof request) => Promise<unknown>;
    return { ok: true, value: await handler(request) };
  } catch (error) {
    if (!(error instanceof AppError)) console.error('Unexpected error in the worker:', error);
    return { ok: false, error: toErrorInfo(error) };
  }
}
