import { ext as browser } from '../shared/ext.ts';
import { AppError } from '../shared/errors.ts';
import type { Answer, Request, ResponseMap } from '../protocol/messages.ts';
import { answerDeadlineMs } from '../protocol/answer-within.ts';

/**
 * A page waits for the worker's answer no longer than answerDeadlineMs (src/protocol/answer-within.ts):
 * longer than the most the worker may spend on the request, so the worker's specific error always
 * comes first. What is left is a reply that never comes: a worker stopped mid-request, or (seen in
 * Firefox) an answer lost while the popup that opened the tab closed. That ends in an error with
 * Try again, not in a spinner for ever. Connecting, and changing the permissions of a session, wait
 * for the person on the consent page, which has no deadline.
 */
function noAnswerWithin<T>(ms: number, sent: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError('worker_no_answer', { detail: `no answer within ${Math.round(ms / 1000)} s` })), ms);
  });
  return Promise.race([sent, late]).finally(() => clearTimeout(timer));
}

/** How a request reaches the worker: runtime messaging, or a file's own way (send-file.ts). */
export type Transport = (request: Request) => Promise<unknown>;

const runtimeMessage: Transport = (request) => browser.runtime.sendMessage(request);

/** Sends one request to the worker and returns its answer, or throws the worker's AppError. */
export async function ask<K extends Request['type']>(
  request: Extract<Request, { type: K }>,
  transport: Transport = runtimeMessage,
): Promise<ResponseMap[K]> {
  let answer: Answer<ResponseMap[K]> | undefined;
  const sent = transport(request) as Promise<Answer<ResponseMap[K]> | undefined>;
  const deadline = answerDeadlineMs(request.type);
  try {
    answer = await (deadline === undefined ? sent : noAnswerWithin(deadline, sent));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('internal', { detail: error instanceof Error ? error.message : String(error) });
  }
  if (!answer) throw new AppError('internal', { detail: 'no answer from the background worker' });
  if (!answer.ok) throw new AppError(answer.error.code, answer.error);
  return answer.value;
}
