import { AppError, toErrorInfo } from '../shared/errors.ts';
import type { Answer } from './messages.ts';
import { requestSchema, type Request, type RequestType, type ResponseMap } from './requests.ts';
import { isOwnPage, mayRequest, type SenderInfo } from './sender.ts';

/** A handler for every request of the table (requests.ts): a request without one does not compile. */
export type Handlers = { [K in RequestType]: (request: Extract<Request, { type: K }>) => Promise<ResponseMap[K]> };

export interface DispatchContext {
  handlers: Handlers;
  /** The extension's own id and the origin of its pages (runtime.id, runtime.getURL('')). */
  ownId: string;
  pagesOrigin: string;
}

/**
 * Every message from a page goes through here: who sent it, whether that page may ask for this,
 * and whether it has the shape of a request, all before a handler sees it. The answer is plain
 * data, an error included, so nothing thrown in the worker reaches a page as an exception.
 */
export async function dispatch(message: unknown, sender: SenderInfo, context: DispatchContext): Promise<Answer<unknown>> {
  try {
    if (!isOwnPage(sender, context.ownId, context.pagesOrigin)) throw new AppError('bad_request', { detail: 'untrusted sender' });
    const parsed = requestSchema.safeParse(message);
    if (!parsed.success) throw new AppError('bad_request', { detail: parsed.error.issues[0]?.message ?? 'invalid' });
    const request = parsed.data;
    if (!mayRequest(sender, request.type)) throw new AppError('bad_request', { detail: `${request.type} is not for this page` });
    const handler = context.handlers[request.type] as (r: typeof request) => Promise<unknown>;
    return { ok: true, value: await handler(request) };
  } catch (error) {
    if (!(error instanceof AppError)) console.error('Unexpected error in the worker:', error);
    return { ok: false, error: toErrorInfo(error) };
  }
}
