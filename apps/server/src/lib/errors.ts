/**
 * An error with an HTTP status and a user-facing message; the central error handler turns it
 * into `{message, field?, code?}` (contracts `ZErrorResponse`, docs/requirements/errors.md), and
 * `retryAfterSeconds` into a `Retry-After` header (a 503 the caller may retry, e.g. Facebook
 * rate-limiting a page).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: { field?: string; code?: string; retryAfterSeconds?: number; warnings?: { code: string; message: string }[] } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, { field });
export const notFound = (message: string) => new HttpError(404, message);
