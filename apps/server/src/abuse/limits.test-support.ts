import { HttpError } from '../http/errors.js';

/** The refusal of a limit taken, or null when it was let through (unit tests of the limits). */
export const refusal = (promise: Promise<void>): Promise<HttpError | null> =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof HttpError ? error : Promise.reject(error)),
  );
