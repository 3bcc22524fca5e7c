import { AppError, type ErrorInfo } from '../../src/shared/errors.ts';

/** The AppError a call failed with, or undefined when it succeeded; anything else thrown is passed on. */
export async function appErrorOf(promise: Promise<unknown>): Promise<ErrorInfo | undefined> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.info;
    throw error;
  }
  return undefined;
}
