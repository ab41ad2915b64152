/* Test helpers of this package's specs (not exported by index.ts). */
import type { ApiError } from './errors';

/** The error a promise rejects with (the test fails if it resolves). */
export async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('expected a failure');
}
