import { ext as browser } from '../shared/ext.ts';
import { AppError } from '../shared/errors.ts';
import type { Answer, Request, ResponseMap } from '../protocol/messages.ts';

/** Sends one request to the worker and returns its answer, or throws the worker's AppError. */
export async function ask<K extends Request['type']>(request: Extract<Request, { type: K }>): Promise<ResponseMap[K]> {
  let answer: Answer<ResponseMap[K]> | undefined;
  try {
    answer = await browser.runtime.sendMessage<Request, Answer<ResponseMap[K]> | undefined>(request);
  } catch (error) {
    throw new AppError('internal', { detail: error instanceof Error ? error.message : String(error) });
  }
  if (!answer) throw new AppError('internal', { detail: 'no answer from the background worker' });
  if (!answer.ok) throw new AppError(answer.error.code, answer.error);
  return answer.value;
}
